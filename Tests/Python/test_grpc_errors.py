"""Errors over gRPC: the REST error tests again on the default gRPC transport (each error a
gRPC status the client turns into the google.api_core exception of that code), plus what only
gRPC shows: the status message and the google.rpc.Status details Google's servers send."""

import grpc
import pytest
from google.api_core import exceptions
from google.rpc import status_pb2

from grpc_support import db, make_db  # noqa: F401  (fixtures: the gRPC clients)
from test_errors import (  # noqa: F401  (the same tests; the REST body-shape test stays REST-only)
    test_invalid_aggregation_is_invalid_argument,
    test_invalid_query_is_invalid_argument,
    test_invalid_write_is_invalid_argument,
)


def _status(error: exceptions.GoogleAPICallError) -> status_pb2.Status:
    """The google.rpc.Status of `grpc-status-details-bin`, as grpcio-status reads it."""
    call = error.response
    details = dict(call.trailing_metadata() or ())["grpc-status-details-bin"]
    return status_pb2.Status.FromString(details)


def test_already_exists_carries_its_message_and_details(db):
    ref = db.collection("things").document("d")
    ref.create({"a": 1})

    with pytest.raises(exceptions.AlreadyExists) as info:
        ref.create({"a": 1})

    assert info.value.grpc_status_code == grpc.StatusCode.ALREADY_EXISTS
    assert "things/d" in info.value.message
    status = _status(info.value)
    assert status.code == grpc.StatusCode.ALREADY_EXISTS.value[0]
    assert status.message == info.value.message


def test_update_of_a_missing_document_is_not_found(db):
    with pytest.raises(exceptions.NotFound) as info:
        db.collection("things").document("missing").update({"a": 1})
    assert "missing" in info.value.message


def test_a_stale_update_time_is_failed_precondition(db):
    ref = db.collection("things").document("d")
    first = ref.set({"a": 1})
    ref.set({"a": 2})

    with pytest.raises(exceptions.FailedPrecondition):
        ref.update({"a": 3}, option=db.write_option(last_update_time=first.update_time))
    assert ref.get().to_dict() == {"a": 2}


def test_rollback_of_an_unknown_transaction_is_invalid_argument(db):
    with pytest.raises(exceptions.InvalidArgument):
        db._firestore_api.rollback(request={"database": db._database_string, "transaction": b"no-such-transaction"})


def test_a_pipeline_is_unimplemented_with_a_message(db):
    from google.cloud.firestore_v1.types import firestore as types

    request = types.ExecutePipelineRequest(database=db._database_string)
    with pytest.raises(exceptions.MethodNotImplemented) as info:
        list(db._firestore_api.execute_pipeline(request=request))
    assert "pipelines" in info.value.message


@pytest.mark.parametrize(
    "order_by, token",
    [
        ("a", b'["things/x"]'),  # fewer values than ordered fields: trapped the server before
        ("a", b'["other/x",{"integerValue":"1"}]'),  # another collection's token
        ("", b'["things/x",{"integerValue":"1"}]'),  # another ordering's token
    ],
)
def test_a_page_token_that_does_not_match_the_request_is_invalid_argument(db, order_by, token):
    import base64

    db.collection("things").document("x").set({"a": 1})
    request = {
        "parent": db._database_string + "/documents",
        "collection_id": "things",
        "order_by": order_by,
        "page_token": base64.urlsafe_b64encode(token).decode().rstrip("="),
    }
    with pytest.raises(exceptions.InvalidArgument) as info:
        db._firestore_api.list_documents(request=request)
    assert "pageToken" in info.value.message
    assert [d.id for d in db.collection("things").list_documents()] == ["x"]


@pytest.mark.parametrize("path", ["", "a b", "*", "a[0]"])
def test_an_update_mask_path_production_refuses_is_invalid_argument(db, path):
    from google.cloud.firestore_v1.types import common, document, write

    update = write.Write(
        update=document.Document(name=f"{db._database_string}/documents/things/masked"),
        update_mask=common.DocumentMask(field_paths=[path]),
    )
    with pytest.raises(exceptions.InvalidArgument) as info:
        db._firestore_api.commit(request={"database": db._database_string, "writes": [update]})
    expected = "must not be empty" if path == "" else f'Invalid property path "{path}". Unquoted property paths must match regex'
    assert expected in info.value.message
    assert not db.collection("things").document("masked").get().exists


def test_a_nul_in_a_document_id_is_invalid_argument(db):
    from google.cloud.firestore_v1.types import document, write

    update = write.Write(update=document.Document(name=f"{db._database_string}/documents/things/a\x00b"))
    with pytest.raises(exceptions.InvalidArgument) as info:
        db._firestore_api.commit(request={"database": db._database_string, "writes": [update]})
    assert "NUL" in info.value.message
