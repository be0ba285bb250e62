"""ListDocuments (collection.list_documents) and ListCollectionIds (collections())."""

import pytest


@pytest.fixture
def tree(db):
    """users/a and users/c exist; users/b is "missing": it only has a subcollection."""
    for path in ["users/a", "users/a/posts/p1", "users/a/likes/l1", "users/b/posts/p2", "users/c", "other/x"]:
        db.document(path).set({"path": path})
    return db


def test_list_documents_includes_missing_parents(tree):
    refs = list(tree.collection("users").list_documents())

    assert [r.id for r in refs] == ["a", "b", "c"]
    assert not refs[1].get().exists


@pytest.mark.parametrize("page_size", [1, 2, 100])
def test_list_documents_pages(tree, page_size):
    refs = tree.collection("users").list_documents(page_size=page_size)

    assert [r.id for r in refs] == ["a", "b", "c"]


def test_list_documents_includes_parents_with_only_deep_descendants(tree):
    tree.document("users/d/x/y/z/w").set({"deep": True})  # users/d and users/d/x/y are missing

    assert [r.id for r in tree.collection("users").list_documents()] == ["a", "b", "c", "d"]
    assert [r.id for r in tree.collection("users/d/x").list_documents()] == ["y"]


def test_list_documents_of_a_subcollection(tree):
    assert [r.path for r in tree.collection("users/a/posts").list_documents()] == ["users/a/posts/p1"]


def test_list_documents_of_an_empty_collection(db):
    assert list(db.collection("nothing").list_documents()) == []


@pytest.mark.parametrize(
    "document, expected",
    [("users/a", ["likes", "posts"]), ("users/b", ["posts"]), ("users/c", []), ("users/zzz", [])],
    ids=["existing", "missing-parent", "no-subcollections", "nonexistent"],
)
def test_document_collections(tree, document, expected):
    assert sorted(c.id for c in tree.document(document).collections()) == expected


def test_client_collections_lists_only_top_level(tree):
    assert sorted(c.id for c in tree.collections()) == ["other", "users"]


def test_collection_disappears_when_its_last_document_is_deleted(tree):
    tree.document("other/x").delete()

    assert sorted(c.id for c in tree.collections()) == ["users"]


def test_deleting_a_parent_keeps_its_subcollections(tree):
    tree.document("users/a").delete()

    assert [r.id for r in tree.collection("users").list_documents()] == ["a", "b", "c"]
    assert sorted(c.id for c in tree.document("users/a").collections()) == ["likes", "posts"]
