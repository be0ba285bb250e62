"""firebase-admin's Firestore client (which wraps google-cloud-firestore and so speaks gRPC
to FIRESTORE_EMULATOR_HOST), and what several gRPC clients at once put on one server."""

import os
import threading

import firebase_admin
import pytest
from firebase_admin import credentials
from firebase_admin import firestore as admin_firestore
from google.auth.credentials import AnonymousCredentials
from google.cloud import firestore
from google.cloud.firestore_v1 import FieldFilter

from grpc_support import db, grpc_client, make_db  # noqa: F401  (fixtures: the gRPC clients)


class AnonymousCredential(credentials.Base):
    """firebase-admin needs a credential to build its Firestore client even in emulator mode
    (clients.md §2.1); the emulator never checks it."""

    def get_credential(self):
        return AnonymousCredentials()


@pytest.fixture
def admin_db(hearth_host, project_id):
    os.environ["FIRESTORE_EMULATOR_HOST"] = hearth_host
    app = firebase_admin.initialize_app(AnonymousCredential(), {"projectId": project_id}, name=project_id)
    client = admin_firestore.client(app)
    yield client
    client.close()
    firebase_admin.delete_app(app)


def test_firebase_admin_writes_reads_and_queries(admin_db):
    cities = admin_db.collection("cities")
    cities.document("sf").set({"name": "San Francisco", "population": 870_000})
    cities.document("la").set({"name": "Los Angeles", "population": 3_900_000})
    cities.document("sf").update({"population": firestore.Increment(1)})

    assert cities.document("sf").get().to_dict() == {"name": "San Francisco", "population": 870_001}
    big = cities.where(filter=FieldFilter("population", ">", 1_000_000)).get()
    assert [snapshot.id for snapshot in big] == ["la"]
    assert cities.count().get()[0][0].value == 2


def test_firebase_admin_transaction_and_batch(admin_db):
    counter = admin_db.collection("counters").document("c")
    counter.set({"n": 0})

    @firestore.transactional
    def bump(transaction):
        snapshot = counter.get(transaction=transaction)
        transaction.update(counter, {"n": snapshot.get("n") + 1})

    for _ in range(3):
        bump(admin_db.transaction())
    batch = admin_db.batch()
    batch.set(admin_db.document("counters/d"), {"n": 10})
    batch.delete(counter)
    batch.commit()

    assert not counter.get().exists
    assert admin_db.document("counters/d").get().to_dict() == {"n": 10}


def test_firebase_admin_sees_what_google_cloud_firestore_wrote(admin_db, db):
    """Same project, two client libraries, one server: the same data either way."""
    admin_db.document("shared/doc").set({"from": "admin"})
    assert db.document("shared/doc").get().to_dict() == {"from": "admin"}


def test_concurrent_transactions_on_one_counter_all_land(hearth_host, project_id):
    """Several clients (each its own HTTP/2 connection) incrementing one counter in
    transactions: conflicts are ABORTED and retried by the client, and no increment is lost."""
    clients = [grpc_client(hearth_host, project_id) for _ in range(4)]
    clients[0].document("counters/shared").set({"n": 0})
    errors = []

    def work(client):
        ref = client.document("counters/shared")

        @firestore.transactional
        def bump(transaction):
            transaction.update(ref, {"n": ref.get(transaction=transaction).get("n") + 1})

        try:
            for _ in range(5):
                bump(client.transaction(max_attempts=50))
        except Exception as error:  # reported below, with the thread's client
            errors.append(error)

    threads = [threading.Thread(target=work, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        assert clients[0].document("counters/shared").get().to_dict() == {"n": 20}
    finally:
        for client in clients:
            client.close()


def test_many_calls_share_one_connection(db):
    """One client multiplexes its calls as HTTP/2 streams on one connection."""
    refs = [db.collection("many").document(f"d{i:03}") for i in range(50)]

    def write(ref):
        ref.set({"id": ref.id})

    threads = [threading.Thread(target=write, args=(ref,)) for ref in refs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(snapshot.id for snapshot in db.collection("many").stream()) == [ref.id for ref in refs]
    assert len(list(db.get_all(refs))) == 50



def test_large_documents_cross_the_flow_control_windows(db):
    """Requests and responses many times an HTTP/2 window (64 KiB), several at once on one
    connection: the server gives the windows back as it reads, and waits for the client's."""
    big = {f"d{i}": {"text": chr(ord("a") + i) * 700_000, "i": i} for i in range(4)}

    def write(name):
        db.collection("big").document(name).set(big[name])

    threads = [threading.Thread(target=write, args=(name,)) for name in big]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for name, fields in big.items():
        assert db.collection("big").document(name).get().to_dict() == fields
    read = {snapshot.id: snapshot.to_dict() for snapshot in db.get_all([db.collection("big").document(n) for n in big])}
    assert read == big
