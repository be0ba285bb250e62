"""Issue 35 item 8, over gRPC with the real google-cloud-firestore client (Commit, the call
create() and update() send): when security rules deny a write, the answer is
PERMISSION_DENIED even where a precondition would also fail, so a caller the rules keep out
cannot learn whether a document exists; where the rules allow, the precondition's own error
(ALREADY_EXISTS, NOT_FOUND) stands."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from google.api_core import exceptions

from grpc_support import close, grpc_client
from hearth_process import HearthProcess
from rtdb_support import mint_token

RULES = """rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow create: if request.auth != null && request.resource.data.owner == request.auth.uid;
      allow update: if request.auth != null && resource.data.owner == request.auth.uid;
    }
  }
}
"""
PROJECT = "demo-existence"


@pytest.fixture(scope="module")
def clients():
    with tempfile.TemporaryDirectory(prefix="hearth-py-existence-") as data_dir:
        rules = Path(data_dir) / "firestore.rules"
        rules.write_text(RULES)
        (Path(data_dir) / "data").mkdir()
        server = HearthProcess(Path(data_dir) / "data", "--rules", str(rules))
        owner = grpc_client(server.firestore_host, PROJECT)
        bob = grpc_client(server.firestore_host, PROJECT, token=mint_token("bob", PROJECT))
        owner.document("notes/alices").set({"owner": "alice"})
        yield owner, bob
        close(owner)
        close(bob)
        assert server.stop() == 0, server.stderr_text()


def test_a_create_over_a_document_the_rules_deny_is_permission_denied(clients):
    owner, bob = clients
    with pytest.raises(exceptions.PermissionDenied):
        bob.document("notes/alices").create({"owner": "bob"})
    assert owner.document("notes/alices").get().to_dict() == {"owner": "alice"}


def test_an_update_of_a_missing_document_the_rules_deny_is_permission_denied(clients):
    _, bob = clients
    with pytest.raises(exceptions.PermissionDenied):
        bob.document("notes/nobody").update({"owner": "alice"})


def test_where_the_rules_allow_the_precondition_decides(clients):
    owner, bob = clients
    bob.document("notes/bobs").create({"owner": "bob"})
    with pytest.raises(exceptions.AlreadyExists):
        bob.document("notes/bobs").create({"owner": "bob"})
    with pytest.raises(exceptions.NotFound):
        bob.document("notes/missing").update({"owner": "bob"})
    owner.document("notes/bobs").delete()
