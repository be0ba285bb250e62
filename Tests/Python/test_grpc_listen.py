"""The gRPC Listen stream: google-cloud-firestore's own ``on_snapshot`` (its default gRPC
transport, FIRESTORE_EMULATOR_HOST) on documents, queries and collection groups, and the raw
stream driven message by message as the mobile SDKs drive it (ADD / REMOVE acks, document
changes, CURRENT with a resume token, the global snapshot, resume with a token, including
after a restart on the same data directory, several targets on one stream, REMOVE with a
PERMISSION_DENIED cause when the rules deny a target or stop allowing it).

Waiting is on events (a queue filled by the callbacks), each with a deadline; never a sleep.
"""

from __future__ import annotations

import queue
import tempfile

import pytest
import requests
from google.cloud.firestore_v1 import FieldFilter, _helpers
from google.cloud.firestore_v1.types import firestore as firestore_types
from google.cloud.firestore_v1.types import query as query_types
from google.cloud.firestore_v1.vector import Vector

from grpc_support import (
    DEADLINE_SECONDS,
    database_name,
    document_name,
    grpc_client,
    listen_stream,
    put_rules,
)
from hearth_process import HearthProcess, wait_for
from rtdb_support import mint_token

TargetChange = firestore_types.TargetChange.TargetChangeType


# --------------------------------------------------------------------------------------
# on_snapshot with the real client
# --------------------------------------------------------------------------------------


class Snapshots:
    """Collects on_snapshot callbacks; `next` waits for the next one (with a deadline)."""

    def __init__(self):
        self.events: queue.Queue = queue.Queue()

    def __call__(self, snapshots, changes, read_time):
        self.events.put((snapshots, changes, read_time))

    def next(self):
        return self.events.get(timeout=DEADLINE_SECONDS)

    def next_changes(self):
        """The next callback's changes as (type, document id, data) in order."""
        _, changes, _ = self.next()
        return [(change.type.name, change.document.id, change.document.to_dict()) for change in changes]


@pytest.fixture
def client(hearth_host, project_id):
    client = grpc_client(hearth_host, project_id)
    yield client
    client.close()


def test_document_on_snapshot_sees_create_update_delete(client):
    ref = client.document("rooms/r1")
    seen = Snapshots()
    watch = ref.on_snapshot(seen)
    try:
        snapshots, _, first_time = seen.next()
        assert [snapshot.exists for snapshot in snapshots] in ([], [False])
        ref.set({"name": "one"})
        snapshots, _, second_time = seen.next()
        assert snapshots[0].to_dict() == {"name": "one"}
        assert second_time >= first_time
        ref.update({"name": "two"})
        snapshots, _, _ = seen.next()
        assert snapshots[0].to_dict() == {"name": "two"}
        ref.delete()
        snapshots, _, _ = seen.next()
        assert [snapshot.exists for snapshot in snapshots] in ([], [False])
    finally:
        watch.unsubscribe()


def test_query_on_snapshot_added_modified_removed_in_order(client):
    scores = client.collection("scores")
    scores.document("a").set({"n": 10})
    scores.document("b").set({"n": 1})
    seen = Snapshots()
    watch = scores.where(filter=FieldFilter("n", ">=", 5)).order_by("n").on_snapshot(seen)
    try:
        assert seen.next_changes() == [("ADDED", "a", {"n": 10})]
        scores.document("c").set({"n": 20})
        assert seen.next_changes() == [("ADDED", "c", {"n": 20})]
        scores.document("a").update({"n": 11})
        assert seen.next_changes() == [("MODIFIED", "a", {"n": 11})]
        # A document leaving the query (no longer matching), then one deleted.
        scores.document("c").update({"n": 2})
        assert seen.next_changes() == [("REMOVED", "c", {"n": 20})]
        scores.document("a").delete()
        assert seen.next_changes() == [("REMOVED", "a", {"n": 11})]
        # A multi-document batch is one snapshot.
        batch = client.batch()
        batch.set(scores.document("d"), {"n": 7})
        batch.set(scores.document("e"), {"n": 8})
        batch.commit()
        assert seen.next_changes() == [("ADDED", "d", {"n": 7}), ("ADDED", "e", {"n": 8})]
    finally:
        watch.unsubscribe()


def test_collection_group_on_snapshot(client):
    client.document("users/u1/posts/p1").set({"title": "first"})
    seen = Snapshots()
    watch = client.collection_group("posts").on_snapshot(seen)
    try:
        assert seen.next_changes() == [("ADDED", "p1", {"title": "first"})]
        client.document("users/u2/posts/p2").set({"title": "second"})
        assert seen.next_changes() == [("ADDED", "p2", {"title": "second"})]
        client.document("users/u1/comments/c1").set({"title": "not a post"})
        client.document("users/u1/posts/p1").delete()
        assert seen.next_changes() == [("REMOVED", "p1", {"title": "first"})]
    finally:
        watch.unsubscribe()


# --------------------------------------------------------------------------------------
# The raw stream, message by message
# --------------------------------------------------------------------------------------


def _query_target(project: str, collection: str, target_id: int, **resume) -> firestore_types.Target:
    query = query_types.StructuredQuery(**{"from_": [query_types.StructuredQuery.CollectionSelector(collection_id=collection)]})
    return firestore_types.Target(
        query=firestore_types.Target.QueryTarget(parent=f"{database_name(project)}/documents", structured_query=query),
        target_id=target_id,
        **resume,
    )


def _documents_target(project: str, paths: list[str], target_id: int) -> firestore_types.Target:
    return firestore_types.Target(
        documents=firestore_types.Target.DocumentsTarget(documents=[document_name(project, path) for path in paths]),
        target_id=target_id,
    )


def _add(stream, project: str, target) -> None:
    stream.send(firestore_types.ListenRequest(database=database_name(project), add_target=target))


def _kind(response) -> str:
    return firestore_types.ListenResponse.pb(response).WhichOneof("response_type")


def _until_global(stream) -> list:
    """Responses up to and including the next global snapshot (NO_CHANGE, no target ids, read time)."""
    responses = []
    while True:
        response = stream.next()
        assert response is not None, f"the stream ended; got {responses}"
        responses.append(response)
        change = response.target_change
        if _kind(response) == "target_change" and change.target_change_type == TargetChange.NO_CHANGE and not change.target_ids:
            assert change.read_time
            return responses


def _summary(responses) -> list:
    """(kind, detail) per response, for readable assertions."""
    out = []
    for response in responses:
        kind = _kind(response)
        if kind == "target_change":
            change = response.target_change
            out.append((change.target_change_type.name, list(change.target_ids)))
        elif kind == "document_change":
            out.append(("change", response.document_change.document.name.rsplit("/", 1)[-1], list(response.document_change.target_ids)))
        elif kind == "document_delete":
            out.append(("delete", response.document_delete.document.rsplit("/", 1)[-1], list(response.document_delete.removed_target_ids)))
        elif kind == "document_remove":
            out.append(("remove", response.document_remove.document.rsplit("/", 1)[-1], list(response.document_remove.removed_target_ids)))
        elif kind == "filter":
            out.append(("filter", response.filter.target_id, response.filter.count))
    return out


def _current_token(responses, target_id: int) -> bytes:
    for response in responses:
        change = response.target_change
        if _kind(response) == "target_change" and change.target_change_type == TargetChange.CURRENT and list(change.target_ids) == [target_id]:
            assert change.resume_token
            return change.resume_token
    raise AssertionError(f"no CURRENT for target {target_id} in {_summary(responses)}")


def _global_time(responses):
    return responses[-1].target_change.read_time


def _listen_once(host: str, project: str, target, target_id: int) -> tuple[list, bytes]:
    """A fresh stream with one target: the summary of its opening and the target's resume token."""
    stream = listen_stream(host, project)
    try:
        _add(stream, project, target)
        responses = _until_global(stream)
        return _summary(responses), _current_token(responses, target_id)
    finally:
        stream.close()


def test_several_targets_on_one_stream_with_acks_and_removal(hearth_host, project_id, client):
    client.document("items/a").set({"n": 1})
    client.document("other/x").set({"n": 2})
    stream = listen_stream(hearth_host, project_id)
    try:
        _add(stream, project_id, _query_target(project_id, "items", 1))
        first = _until_global(stream)
        assert _summary(first) == [("ADD", [1]), ("change", "a", [1]), ("CURRENT", [1]), ("NO_CHANGE", [])]
        assert first[1].document_change.document.update_time

        _add(stream, project_id, _documents_target(project_id, ["other/x", "other/missing"], 2))
        second = _until_global(stream)
        assert _summary(second) == [("ADD", [2]), ("change", "x", [2]), ("CURRENT", [2]), ("NO_CHANGE", [])]
        assert _global_time(second) >= _global_time(first)

        # A commit touching both targets: each target's changes, each followed by a global snapshot.
        batch = client.batch()
        batch.set(client.document("items/b"), {"n": 3})
        batch.delete(client.document("other/x"))
        batch.commit()
        seen = _until_global(stream) + _until_global(stream)
        summary = _summary(seen)
        assert ("change", "b", [1]) in summary
        assert ("delete", "x", [2]) in summary
        times = [response.target_change.read_time for response in seen if _kind(response) == "target_change" and not response.target_change.target_ids]
        assert times == sorted(times)

        # Removing a target: REMOVE ack; its documents no longer arrive, the other's do.
        stream.send(firestore_types.ListenRequest(remove_target=1))
        assert _summary([stream.next()]) == [("REMOVE", [1])]
        client.document("items/c").set({"n": 4})
        client.document("other/x").set({"n": 5})
        assert _summary(_until_global(stream)) == [("change", "x", [2]), ("NO_CHANGE", [2]), ("NO_CHANGE", [])]
    finally:
        stream.close()


def test_resume_with_a_token_sends_only_the_changes_since(hearth_host, project_id, client):
    client.document("items/a").set({"n": 1})
    client.document("items/b").set({"n": 2})
    _, token = _listen_once(hearth_host, project_id, _query_target(project_id, "items", 7), 7)

    client.document("items/c").set({"n": 3})
    client.document("items/a").delete()

    resumed, _ = _listen_once(hearth_host, project_id, _query_target(project_id, "items", 7, resume_token=token), 7)
    assert resumed == [("ADD", [7]), ("remove", "a", [7]), ("change", "c", [7]), ("filter", 7, 2), ("CURRENT", [7]), ("NO_CHANGE", [])]


def test_an_unknown_token_gets_a_reset_and_full_resend(hearth_host, project_id, client):
    client.document("items/a").set({"n": 1})
    summary, _ = _listen_once(hearth_host, project_id, _query_target(project_id, "items", 3, resume_token=b"from another server"), 3)
    assert summary == [("ADD", [3]), ("RESET", [3]), ("change", "a", [3]), ("CURRENT", [3]), ("NO_CHANGE", [])]


def test_resume_after_a_restart_on_the_same_data_directory():
    project = "demo-py-listen-restart"
    with tempfile.TemporaryDirectory(prefix="hearth-py-listen-") as data_dir:
        server = HearthProcess(data_dir)
        try:
            client = grpc_client(server.firestore_host, project)
            client.document("items/a").set({"n": 1})
            _, token = _listen_once(server.firestore_host, project, _query_target(project, "items", 5), 5)
            client.close()
        finally:
            assert server.stop() == 0, server.stderr_text()

        server = HearthProcess(data_dir)
        try:
            client = grpc_client(server.firestore_host, project)
            client.document("items/b").set({"n": 2})
            # The token predates this process: the server cannot know what changed, so it
            # resets the target and sends everything again.
            summary, _ = _listen_once(server.firestore_host, project, _query_target(project, "items", 5, resume_token=token), 5)
            assert summary == [("ADD", [5]), ("RESET", [5]), ("change", "a", [5]), ("change", "b", [5]), ("CURRENT", [5]), ("NO_CHANGE", [])]
            client.close()
        finally:
            assert server.stop() == 0, server.stderr_text()


RULES = """rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /private/{id} {
      allow read: if request.auth != null && resource.data.owner == request.auth.uid;
    }
    match /open/{id} {
      allow read: if request.auth != null;
    }
  }
}
"""


def test_rules_deny_a_target_with_remove_and_a_cause(hearth_host, project_id, client):
    put_rules(hearth_host, project_id, RULES)
    client.document("private/mine").set({"owner": "alice"})
    client.document("private/theirs").set({"owner": "bob"})
    client.document("open/o").set({"n": 1})
    token = mint_token("alice", project=project_id)
    stream = listen_stream(hearth_host, project_id, token=token)
    try:
        # Allowed: alice's own document. Denied: a query over all of private (rules are not filters).
        _add(stream, project_id, _documents_target(project_id, ["private/mine"], 1))
        assert _summary(_until_global(stream)) == [("ADD", [1]), ("change", "mine", [1]), ("CURRENT", [1]), ("NO_CHANGE", [])]
        _add(stream, project_id, _query_target(project_id, "private", 2))
        denied = stream.next()
        assert _summary([denied]) == [("REMOVE", [2])]
        assert denied.target_change.cause.code == 7  # PERMISSION_DENIED
        assert denied.target_change.cause.message

        # Access lost while listening: the document changes owner, its target is removed with a cause.
        client.document("private/mine").set({"owner": "bob"})
        lost = stream.next()
        assert _summary([lost]) == [("REMOVE", [1])]
        assert lost.target_change.cause.code == 7

        # The stream goes on for targets still allowed.
        _add(stream, project_id, _documents_target(project_id, ["open/o"], 3))
        assert _summary(_until_global(stream)) == [("ADD", [3]), ("change", "o", [3]), ("CURRENT", [3]), ("NO_CHANGE", [])]
    finally:
        stream.close()


def test_on_snapshot_as_a_user_under_rules(hearth_host, project_id, client):
    put_rules(hearth_host, project_id, RULES)
    client.document("open/o").set({"n": 1})
    user = grpc_client(hearth_host, project_id, token=mint_token("carol", project=project_id))
    seen = Snapshots()
    watch = user.document("open/o").on_snapshot(seen)
    try:
        snapshots, _, _ = seen.next()
        assert snapshots[0].to_dict() == {"n": 1}
        client.document("open/o").set({"n": 2})
        snapshots, _, _ = seen.next()
        assert snapshots[0].to_dict() == {"n": 2}
    finally:
        watch.unsubscribe()
        user.close()


def test_streams_with_the_same_target_id_get_the_same_bytes_and_other_ids_their_own(hearth_host, project_id, client):
    """The server encodes a commit once per target id (and the global snapshot once per commit)
    and shares the bytes among its streams: streams listening under the same id must get
    byte-identical messages, a stream under another id messages naming its own id."""
    client.document("shared/a").set({"n": 1})
    streams = [listen_stream(hearth_host, project_id) for _ in range(3)]
    try:
        for stream, target_id in zip(streams, [1, 1, 2]):
            _add(stream, project_id, _query_target(project_id, "shared", target_id))
            _until_global(stream)
        client.document("shared/b").set({"n": 2})
        seen = [_until_global(stream) for stream in streams]
        wire = [[firestore_types.ListenResponse.serialize(response) for response in responses] for responses in seen]
        assert wire[0] == wire[1]
        assert _summary(seen[0]) == [("change", "b", [1]), ("NO_CHANGE", [1]), ("NO_CHANGE", [])]
        assert _summary(seen[2]) == [("change", "b", [2]), ("NO_CHANGE", [2]), ("NO_CHANGE", [])]
        # The same commit: the same document and the same global snapshot, under each one's id.
        assert seen[2][0].document_change.document == seen[0][0].document_change.document
        assert wire[2][-1] == wire[0][-1]
    finally:
        for stream in streams:
            stream.close()


def test_more_listeners_than_a_hundred_share_one_client(hearth, hearth_host, project_id):
    """google-cloud-firestore opens one Listen stream per on_snapshot on its one connection:
    150 of them all get their first snapshot (with 100 concurrent streams per connection, the
    101st never started), and closing them is a cancellation, not a server error."""
    client = grpc_client(hearth_host, project_id)
    ref = client.collection("crowd").document("d")
    ref.set({"n": 1})
    seen: queue.Queue = queue.Queue()
    watches = [ref.on_snapshot(lambda docs, changes, read_time, i=i: seen.put(i)) for i in range(150)]
    try:
        first = set()
        while len(first) < 150:
            first.add(seen.get(timeout=DEADLINE_SECONDS))
    finally:
        for watch in watches:
            watch.unsubscribe()
        client.close()
    # The server has seen every stream end once it counts none open for the project.
    url = f"http://{hearth_host}/emulator/v1/projects/{project_id}/listeners"
    wait_for(lambda: requests.get(url, timeout=DEADLINE_SECONDS).json()["streams"] == 0, "closing 150 listeners")
    assert "This is a bug in Hearth" not in hearth.stderr_text()


def test_a_vector_search_target_is_removed_with_invalid_argument(hearth_host, project_id, client):
    """findNearest answers one-time reads only (as in production): as a Listen target it is
    removed with an INVALID_ARGUMENT cause saying so, and the stream goes on."""
    client.document("items/a").set({"n": 1})
    nearest = query_types.StructuredQuery.FindNearest(
        vector_field=query_types.StructuredQuery.FieldReference(field_path="embedding"),
        query_vector=_helpers.encode_value(Vector([1.0, 2.0])),
        distance_measure=query_types.StructuredQuery.FindNearest.DistanceMeasure.EUCLIDEAN,
        limit=3,
    )
    query = query_types.StructuredQuery(
        **{"from_": [query_types.StructuredQuery.CollectionSelector(collection_id="items")]}, find_nearest=nearest
    )
    target = firestore_types.Target(
        query=firestore_types.Target.QueryTarget(parent=f"{database_name(project_id)}/documents", structured_query=query), target_id=1
    )
    stream = listen_stream(hearth_host, project_id)
    try:
        _add(stream, project_id, target)
        removed = stream.next()
        assert _summary([removed]) == [("REMOVE", [1])]
        assert removed.target_change.cause.code == 3  # INVALID_ARGUMENT
        assert "findNearest" in removed.target_change.cause.message
        _add(stream, project_id, _documents_target(project_id, ["items/a"], 2))
        assert _summary(_until_global(stream)) == [("ADD", [2]), ("change", "a", [2]), ("CURRENT", [2]), ("NO_CHANGE", [])]
    finally:
        stream.close()
