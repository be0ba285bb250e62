"""Invalid input must come back as the right google.api_core exception.

The Python client does not validate any of these itself; the requests reach the server
(see WIRE.md). The exception class is chosen from the JSON `error.status` (see
conftest._remap), so these also check Hearth's status names.
"""

import pytest
from google.api_core import exceptions
from google.cloud.firestore_v1 import FieldFilter


def where(*filters):
    def build(col):
        query = col
        for field, op, value in filters:
            query = query.where(filter=FieldFilter(field, op, value))
        return query

    return build


@pytest.mark.parametrize(
    "build",
    [
        where(("a", "in", list(range(31)))),
        where(("a", "array_contains_any", list(range(31)))),
        where(("a", "in", [])),
        where(("a", "not-in", list(range(11)))),
        where(("a", "not-in", [1]), ("b", "!=", 2)),
        where(("a", "==", [[1]])),
        where(("__name__", "==", "not-a-reference")),
        lambda col: col.limit(-1),
        lambda col: col.offset(-1),
    ],
    ids=[
        "in-31-values", "array-contains-any-31-values", "in-empty", "not-in-11-values",
        "not-in-with-not-equal", "nested-array-operand", "name-with-string", "negative-limit",
        "negative-offset",
    ],
)
def test_invalid_query_is_invalid_argument(db, build):
    col = db.collection("things")
    col.document("d").set({"a": 1})

    with pytest.raises(exceptions.InvalidArgument):
        build(col).get()


def deep_map(depth):
    value = {"leaf": 1}
    for _ in range(depth):
        value = {"m": value}
    return value


@pytest.mark.parametrize(
    "path, data",
    [
        ("things/d", {"__reserved__": 1}),
        ("things/__reserved__", {"a": 1}),
        ("things/d", {"a": [[1]]}),
        ("things/" + "x" * 1501, {"a": 1}),
        ("things/d", {"big": "x" * (1024 * 1024 + 1)}),
        ("things/d", {"deep": deep_map(25)}),
    ],
    ids=[
        "reserved-field-name", "reserved-document-id", "nested-array",
        "document-id-over-1500-bytes", "document-over-1-MiB", "map-nested-25-deep",
    ],
)
def test_invalid_write_is_invalid_argument(db, path, data):
    with pytest.raises(exceptions.InvalidArgument):
        db.document(path).set(data)
    assert list(db.collection("things").list_documents()) == []


def test_invalid_aggregation_is_invalid_argument(db):
    query = db.collection("things").where(filter=FieldFilter("a", "in", []))

    with pytest.raises(exceptions.InvalidArgument):
        query.count().get()


def test_error_body_has_the_google_shape(db):
    ref = db.collection("things").document("d")
    ref.create({"a": 1})

    with pytest.raises(exceptions.AlreadyExists) as info:
        ref.create({"a": 1})

    response = info.value.response
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == 409
    assert error["status"] == "ALREADY_EXISTS"
    assert error["message"]
