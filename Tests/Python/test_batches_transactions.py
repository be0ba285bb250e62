"""WriteBatch, BulkWriter (BatchWrite), recursive_delete and transactions."""

import pytest
from google.api_core import exceptions
from google.cloud import firestore
from google.cloud.firestore_v1 import FieldFilter


def test_write_batch_applies_every_write(db):
    col = db.collection("accounts")
    col.document("updated").set({"v": 1, "keep": True})
    col.document("deleted").set({"v": 1})

    batch = db.batch()
    batch.set(col.document("set"), {"v": 1})
    batch.update(col.document("updated"), {"v": firestore.Increment(1)})
    batch.delete(col.document("deleted"))
    batch.create(col.document("created"), {"v": 4})
    results = batch.commit()

    assert len(results) == 4
    assert col.document("set").get().to_dict() == {"v": 1}
    assert col.document("updated").get().to_dict() == {"v": 2, "keep": True}
    assert not col.document("deleted").get().exists
    assert col.document("created").get().to_dict() == {"v": 4}


def test_write_batch_is_atomic(db):
    col = db.collection("accounts")
    col.document("exists").set({"v": 1})

    batch = db.batch()
    batch.set(col.document("new"), {"v": 1})
    batch.create(col.document("exists"), {"v": 2})  # fails, so nothing is applied

    with pytest.raises(exceptions.AlreadyExists):
        batch.commit()
    assert not col.document("new").get().exists
    assert col.document("exists").get().to_dict() == {"v": 1}


def test_write_batch_writes_to_one_document_apply_in_order(db):
    ref = db.collection("accounts").document("d")

    batch = db.batch()
    batch.set(ref, {"v": 1, "w": 1})
    batch.update(ref, {"v": firestore.Increment(10)})
    batch.set(ref, {"w": 5}, merge=True)
    batch.commit()

    assert ref.get().to_dict() == {"v": 11, "w": 5}


def test_bulk_writer(db):
    col = db.collection("bulk")
    col.document("updated").set({"v": 0})
    col.document("deleted").set({"v": 0})

    writer = db.bulk_writer()
    writer.create(col.document("created"), {"v": 1})
    writer.set(col.document("set"), {"v": 2})
    writer.update(col.document("updated"), {"v": 3})
    writer.delete(col.document("deleted"))
    writer.close()

    assert {s.id: s.to_dict() for s in col.get()} == {"created": {"v": 1}, "set": {"v": 2}, "updated": {"v": 3}}


def test_recursive_delete_removes_nested_documents(db):
    root = db.collection("tree").document("root")
    for path in ["tree/root", "tree/root/a/1", "tree/root/a/1/deep/x", "tree/root/b/2", "tree/other"]:
        db.document(path).set({"p": path})

    deleted = db.recursive_delete(root)

    assert deleted == 4
    assert [s.reference.path for s in db.collection_group("a").get()] == []
    assert [s.reference.path for s in db.collection_group("deep").get()] == []
    assert [s.id for s in db.collection("tree").get()] == ["other"]


@firestore.transactional
def add_one(transaction, ref):
    snapshot = ref.get(transaction=transaction)
    transaction.update(ref, {"n": snapshot.get("n") + 1})
    return snapshot.get("n")


def test_transaction_succeeds(db):
    ref = db.collection("counters").document("c")
    ref.set({"n": 1})

    seen = add_one(db.transaction(), ref)

    assert seen == 1
    assert ref.get().get("n") == 2


def test_transaction_with_query_and_set(db):
    col = db.collection("items")
    for i in range(3):
        col.document(f"i{i}").set({"price": i + 1})

    @firestore.transactional
    def total_into_summary(transaction):
        docs = list(transaction.get(col.where(filter=FieldFilter("price", ">", 1))))
        transaction.set(db.collection("summary").document("s"), {"total": sum(d.get("price") for d in docs)})

    total_into_summary(db.transaction())

    assert db.collection("summary").document("s").get().to_dict() == {"total": 5}


def test_conflicting_transaction_is_retried_and_then_succeeds(db, make_db):
    ref = db.collection("counters").document("c")
    ref.set({"n": 1})
    outsider = make_db(db.project).collection("counters").document("c")
    calls = []

    @firestore.transactional
    def add_one_with_interference(transaction):
        calls.append(1)
        snapshot = ref.get(transaction=transaction)
        if len(calls) == 1:
            # Another client writes the document between our read and our commit.
            # (The timeout only keeps a server that blocks this write from hanging the suite.)
            outsider.update({"n": firestore.Increment(100)}, timeout=15)
        transaction.update(ref, {"n": snapshot.get("n") + 1})

    add_one_with_interference(db.transaction())

    assert len(calls) == 2  # first commit ABORTED (HTTP 409), client retried
    assert ref.get().get("n") == 102


def test_transaction_that_raises_is_rolled_back(db):
    ref = db.collection("counters").document("c")
    ref.set({"n": 1})

    @firestore.transactional
    def fail_after_write(transaction):
        ref.get(transaction=transaction)
        transaction.update(ref, {"n": 999})
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        fail_after_write(db.transaction())

    assert ref.get().get("n") == 1
    ref.update({"n": 2})  # nothing is left locked
    assert add_one(db.transaction(), ref) == 2
    assert ref.get().get("n") == 3


def exception_chain(exc):
    while exc is not None:
        yield exc
        exc = exc.__cause__ or exc.__context__


def test_transaction_create_conflict_applies_nothing(db):
    col = db.collection("counters")
    col.document("taken").set({"n": 1})

    @firestore.transactional
    def create_two(transaction):
        transaction.set(col.document("fresh"), {"n": 1})
        transaction.create(col.document("taken"), {"n": 2})

    with pytest.raises(exceptions.GoogleAPICallError) as info:
        create_two(db.transaction())
    # The commit fails with ALREADY_EXISTS. The client then sends a rollback; if the server
    # rejects that (the transaction already ended), the client raises the rollback's error
    # with the commit's error as its context, so look for it along the chain.
    assert any(isinstance(e, exceptions.AlreadyExists) for e in exception_chain(info.value))
    assert not col.document("fresh").get().exists
    assert col.document("taken").get().to_dict() == {"n": 1}


def test_read_only_transaction(db):
    ref = db.collection("counters").document("c")
    ref.set({"n": 7})

    @firestore.transactional
    def read(transaction):
        return ref.get(transaction=transaction).get("n")

    assert read(db.transaction(read_only=True)) == 7


def test_write_to_a_document_read_by_a_transaction_query_aborts_it(db, make_db):
    col = db.collection("items")
    col.document("a").set({"price": 1})
    col.document("b").set({"price": 2})
    outsider = make_db(db.project).collection("items").document("b")
    calls = []

    @firestore.transactional
    def total(transaction):
        calls.append(1)
        docs = list(transaction.get(col.where(filter=FieldFilter("price", ">", 0))))
        if len(calls) == 1:
            outsider.update({"price": 10}, timeout=15)
        transaction.set(col.document("total"), {"sum": sum(d.get("price") for d in docs)})

    total(db.transaction())

    assert len(calls) == 2
    assert col.document("total").get().to_dict() == {"sum": 11}


def test_creating_a_document_a_transaction_read_as_missing_aborts_it(db, make_db):
    ref = db.collection("counters").document("lazy")
    outsider = make_db(db.project).collection("counters").document("lazy")
    calls = []

    @firestore.transactional
    def create_or_increment(transaction):
        calls.append(1)
        snapshot = ref.get(transaction=transaction)
        if len(calls) == 1:
            outsider.set({"n": 100}, timeout=15)
        if snapshot.exists:
            transaction.update(ref, {"n": snapshot.get("n") + 1})
        else:
            transaction.set(ref, {"n": 1})

    create_or_increment(db.transaction())

    assert len(calls) == 2
    assert ref.get().get("n") == 101
