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


def test_collections_at_a_read_time_leave_out_later_ones(db):
    read_time = db.document("early/x").set({}).update_time
    db.document("late/y").set({})
    db.document("early/x/sub/z").set({})

    assert [c.id for c in db.collections(read_time=read_time)] == ["early"]
    assert list(db.document("early/x").collections(read_time=read_time)) == []
    assert sorted(c.id for c in db.collections()) == ["early", "late"]
    assert [c.id for c in db.document("early/x").collections()] == ["sub"]


def test_collections_at_a_read_time_keep_deleted_ones(db):
    read_time = db.document("gone/x").set({}).update_time
    db.document("gone/x").delete()

    assert [c.id for c in db.collections(read_time=read_time)] == ["gone"]
    assert list(db.collections()) == []


def test_list_documents_at_a_read_time(db):
    # The client always sends show_missing; production accepts it with a read_time.
    first = db.document("users/a").set({}).update_time
    second = db.document("users/b/posts/p").set({}).update_time
    db.document("users/c").set({})
    db.document("users/a").delete()

    users = db.collection("users")
    assert [r.id for r in users.list_documents(read_time=first)] == ["a"]
    assert [r.id for r in users.list_documents(read_time=second)] == ["a", "b"]
    assert [r.id for r in users.list_documents(read_time=second, page_size=1)] == ["a", "b"]
    assert [r.id for r in users.list_documents()] == ["b", "c"]
