"""The gRPC Write stream driven message by message the way the mobile SDKs drive it
(firebase-ios-sdk write_stream.cc, firebase-js-sdk persistent_stream.ts): handshake with the
database only, then one batch per request carrying the last stream token, responses in order
with one result per write and one transform result per transform; errors end the stream with the
status the SDKs treat as permanent or transient.
"""

from __future__ import annotations

import grpc
import pytest
from google.cloud.firestore_v1.types import common, document, write
from google.cloud.firestore_v1.types import firestore as firestore_types

from grpc_support import database_name, document_name, grpc_client, put_rules, write_stream
from rtdb_support import mint_token


def _set(project: str, path: str, **fields) -> write.Write:
    values = {key: document.Value(integer_value=value) for key, value in fields.items()}
    return write.Write(update=document.Document(name=document_name(project, path), fields=values))


def _increment(project: str, path: str, field: str, by: int) -> write.Write:
    return write.Write(
        transform=write.DocumentTransform(
            document=document_name(project, path),
            field_transforms=[write.DocumentTransform.FieldTransform(field_path=field, increment=document.Value(integer_value=by))],
        )
    )


def _handshake(stream, project: str) -> bytes:
    stream.send(firestore_types.WriteRequest(database=database_name(project)))
    response = stream.next()
    assert response.stream_id
    assert response.stream_token
    assert len(response.write_results) == 0
    return response.stream_token


def test_handshake_then_batches_in_order_with_new_tokens(hearth_host, project_id):
    stream = write_stream(hearth_host, project_id)
    try:
        token = _handshake(stream, project_id)
        seen_tokens = {token}
        # A batch with a set, an update carrying two transforms, and a delete.
        batch = [
            _set(project_id, "counters/a", n=1),
            write.Write(
                update=document.Document(name=document_name(project_id, "counters/b"), fields={"n": document.Value(integer_value=5)}),
                update_transforms=[
                    write.DocumentTransform.FieldTransform(field_path="n", increment=document.Value(integer_value=2)),
                    write.DocumentTransform.FieldTransform(
                        field_path="at", set_to_server_value=write.DocumentTransform.FieldTransform.ServerValue.REQUEST_TIME
                    ),
                ],
            ),
            write.Write(delete=document_name(project_id, "counters/none")),
        ]
        stream.send(firestore_types.WriteRequest(stream_token=token, writes=batch))
        response = stream.next()
        assert len(response.write_results) == 3
        assert [len(result.transform_results) for result in response.write_results] == [0, 2, 0]
        assert response.write_results[1].transform_results[0].integer_value == 7
        assert response.commit_time
        assert response.write_results[0].update_time == response.commit_time
        assert response.stream_token not in seen_tokens
        seen_tokens.add(response.stream_token)
        token = response.stream_token

        # Two more batches, pipelined before reading: answered in order.
        stream.send(firestore_types.WriteRequest(stream_token=token, writes=[_increment(project_id, "counters/a", "n", 10)]))
        first = stream.next()
        stream.send(firestore_types.WriteRequest(stream_token=first.stream_token, writes=[_increment(project_id, "counters/a", "n", 100)]))
        second = stream.next()
        assert first.write_results[0].transform_results[0].integer_value == 11
        assert second.write_results[0].transform_results[0].integer_value == 111
        assert second.commit_time > first.commit_time

        # The client's goodbye: an empty request with the token, then half-close: OK.
        stream.send(firestore_types.WriteRequest(stream_token=second.stream_token))
        stream.close()
    finally:
        stream.close()

    client = grpc_client(hearth_host, project_id)
    try:
        assert client.document("counters/a").get().to_dict() == {"n": 111}
        assert client.document("counters/b").get().to_dict()["n"] == 7
    finally:
        client.close()


def test_a_wrong_token_is_invalid_argument(hearth_host, project_id):
    stream = write_stream(hearth_host, project_id)
    try:
        _handshake(stream, project_id)
        stream.send(firestore_types.WriteRequest(stream_token=b"not-the-token", writes=[_set(project_id, "a/b", n=1)]))
        with pytest.raises(grpc.RpcError) as raised:
            stream.next()
        assert raised.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "stream_token" in raised.value.details()
    finally:
        stream.close()
    client = grpc_client(hearth_host, project_id)
    try:
        assert not client.document("a/b").get().exists
    finally:
        client.close()


def test_pipelined_writes_carrying_the_same_older_token_are_all_committed(hearth_host, project_id):
    """The JS and mobile SDKs' pattern (remote_store.ts keeps up to 10 batches in flight;
    persistent_stream.ts stamps each with the newest token received): `addDoc` three times
    without awaiting, so all three carry the handshake's token, then a count."""
    stream = write_stream(hearth_host, project_id)
    try:
        token = _handshake(stream, project_id)
        for number in range(3):
            stream.send(firestore_types.WriteRequest(stream_token=token, writes=[_set(project_id, f"added/d{number}", n=number)]))
        responses = [stream.next() for _ in range(3)]
        assert all(len(response.write_results) == 1 for response in responses)
        assert len({response.stream_token for response in responses} | {token}) == 4
        # The next batch acknowledges the second response only: still within what was sent.
        stream.send(firestore_types.WriteRequest(stream_token=responses[1].stream_token, writes=[_set(project_id, "added/d3", n=3)]))
        fourth = stream.next()
        assert len(fourth.write_results) == 1
        stream.send(firestore_types.WriteRequest(stream_token=fourth.stream_token))
        stream.close()
    finally:
        stream.close()
    client = grpc_client(hearth_host, project_id)
    try:
        assert client.collection("added").count().get()[0][0].value == 4
    finally:
        client.close()


def test_a_token_older_than_the_acknowledged_one_is_invalid_argument(hearth_host, project_id):
    stream = write_stream(hearth_host, project_id)
    try:
        first = _handshake(stream, project_id)
        stream.send(firestore_types.WriteRequest(stream_token=first, writes=[_set(project_id, "older/a", n=1)]))
        second = stream.next().stream_token
        stream.send(firestore_types.WriteRequest(stream_token=second, writes=[_set(project_id, "older/b", n=1)]))
        stream.next()
        stream.send(firestore_types.WriteRequest(stream_token=first, writes=[_set(project_id, "older/c", n=1)]))
        with pytest.raises(grpc.RpcError) as raised:
            stream.next()
        assert raised.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "older than one this stream already acknowledged" in raised.value.details()
    finally:
        stream.close()
    client = grpc_client(hearth_host, project_id)
    try:
        assert not client.document("older/c").get().exists
    finally:
        client.close()


def test_a_client_that_never_acknowledges_is_told_to(hearth_host, project_id):
    stream = write_stream(hearth_host, project_id)
    try:
        token = _handshake(stream, project_id)
        refused = None
        for number in range(200):
            stream.send(firestore_types.WriteRequest(stream_token=token, writes=[_set(project_id, f"unacked/d{number}", n=number)]))
            try:
                stream.next()
            except grpc.RpcError as error:
                refused = (number, error)
                break
        assert refused is not None, "200 unacknowledged responses were accepted"
        number, error = refused
        assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "not acknowledged" in error.details()
        assert 10 <= number < 200
    finally:
        stream.close()


@pytest.mark.parametrize(
    ("seed", "exists", "code"),
    [(True, False, grpc.StatusCode.ALREADY_EXISTS), (False, True, grpc.StatusCode.NOT_FOUND)],
    ids=["create-existing", "update-missing"],
)
def test_a_refused_batch_ends_the_stream_with_a_permanent_status(hearth_host, project_id, seed, exists, code):
    stream = write_stream(hearth_host, project_id)
    try:
        token = _handshake(stream, project_id)
        if seed:
            stream.send(firestore_types.WriteRequest(stream_token=token, writes=[_set(project_id, "docs/x", n=1)]))
            token = stream.next().stream_token
        refused = _set(project_id, "docs/x", n=2)
        refused.current_document = common.Precondition(exists=exists)
        stream.send(firestore_types.WriteRequest(stream_token=token, writes=[refused]))
        with pytest.raises(grpc.RpcError) as raised:
            stream.next()
        assert raised.value.code() == code
    finally:
        stream.close()


def test_writes_in_the_handshake_are_refused(hearth_host, project_id):
    stream = write_stream(hearth_host, project_id)
    try:
        stream.send(firestore_types.WriteRequest(database=database_name(project_id), writes=[_set(project_id, "a/b", n=1)]))
        with pytest.raises(grpc.RpcError) as raised:
            stream.next()
        assert raised.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    finally:
        stream.close()


def test_a_write_the_rules_deny_is_permission_denied(hearth_host, project_id):
    put_rules(
        hearth_host,
        project_id,
        "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n"
        "    match /{document=**} { allow read: if true; }\n  }\n}\n",
    )
    stream = write_stream(hearth_host, project_id, token=mint_token("eve", project=project_id))
    try:
        token = _handshake(stream, project_id)
        stream.send(firestore_types.WriteRequest(stream_token=token, writes=[_set(project_id, "docs/x", n=1)]))
        with pytest.raises(grpc.RpcError) as raised:
            stream.next()
        assert raised.value.code() == grpc.StatusCode.PERMISSION_DENIED
    finally:
        stream.close()
