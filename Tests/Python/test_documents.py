"""Single-document writes and reads: set, merge, update with transforms, create, get, delete, get_all."""

import datetime
import math

import pytest
from google.api_core import exceptions
from google.api_core.datetime_helpers import DatetimeWithNanoseconds
from google.cloud import firestore
from google.cloud.firestore_v1 import FieldFilter
from google.cloud.firestore_v1.field_path import FieldPath

UTC = datetime.timezone.utc


def test_set_then_get_round_trips_every_value_type(db):
    ref = db.collection("things").document("all-types")
    data = {
        "null": None,
        "bool": True,
        "int": -(2**63),
        "big": 2**63 - 1,
        "double": 1.5,
        "string": "héllo ✓",
        "bytes": b"\x00\x01\xff",
        "timestamp": datetime.datetime(2024, 1, 2, 3, 4, 5, 678901, tzinfo=UTC),
        "geo": firestore.GeoPoint(37.7749, -122.4194),
        "ref": db.document("other/doc"),
        "array": [1, "two", None, {"k": "v"}, {"k": []}],
        "map": {"nested": {"deep": 1}, "empty": {}},
    }
    ref.set(data)

    snap = ref.get()

    assert snap.exists
    got = snap.to_dict()
    assert got.pop("ref").path == "other/doc"
    expected = dict(data)
    expected.pop("ref")
    assert got == expected
    assert snap.create_time is not None
    assert snap.update_time is not None


def test_set_replaces_the_whole_document(db):
    ref = db.collection("things").document("d")
    ref.set({"a": 1, "b": 2})

    ref.set({"c": 3})

    assert ref.get().to_dict() == {"c": 3}


@pytest.mark.parametrize(
    "change, merge, expected",
    [
        ({"a": 10, "nested": {"z": 3}}, True, {"a": 10, "keep": "me", "nested": {"x": 1, "y": 2, "z": 3}}),
        ({"a": 10, "nested": {"z": 3}}, ["a", "nested.z"], {"a": 10, "keep": "me", "nested": {"x": 1, "y": 2, "z": 3}}),
        ({"a": 10, "nested": {"y": 20}}, ["nested.y"], {"a": 1, "keep": "me", "nested": {"x": 1, "y": 20}}),
        ({"nested": {}}, True, {"a": 1, "keep": "me", "nested": {}}),  # mask "nested", value {}
    ],
    ids=["merge-true", "merge-fields", "merge-one-nested-field", "merge-empty-map"],
)
def test_set_with_merge_touches_only_the_merged_fields(db, change, merge, expected):
    ref = db.collection("things").document("d")
    ref.set({"a": 1, "keep": "me", "nested": {"x": 1, "y": 2}})

    ref.set(change, merge=merge)

    assert ref.get().to_dict() == expected


def test_set_with_merge_creates_a_missing_document(db):
    ref = db.collection("things").document("new")

    ref.set({"a": 1}, merge=True)

    assert ref.get().to_dict() == {"a": 1}


def test_update_nested_field_leaves_siblings(db):
    ref = db.collection("things").document("d")
    ref.set({"nested": {"k": 1, "other": 2}, "top": "x"})

    ref.update({"nested.k": 5, "new.deep": True})

    assert ref.get().to_dict() == {"nested": {"k": 5, "other": 2}, "top": "x", "new": {"deep": True}}


def test_update_field_path_with_special_characters(db):
    ref = db.collection("things").document("d")
    ref.set({"plain": 1})
    path = FieldPath("a.b", "c-d").to_api_repr()  # `a.b`.`c-d`

    ref.update({path: 7})

    assert ref.get().to_dict() == {"plain": 1, "a.b": {"c-d": 7}}


@pytest.mark.parametrize(
    "initial, change, expected",
    [
        ({"n": 1}, {"n": firestore.Increment(2)}, {"n": 3}),
        ({"n": 1}, {"n": firestore.Increment(0.5)}, {"n": 1.5}),
        ({"n": 1.5}, {"n": firestore.Increment(-1)}, {"n": 0.5}),
        ({"n": "text"}, {"n": firestore.Increment(4)}, {"n": 4}),
        ({}, {"n": firestore.Increment(4)}, {"n": 4}),
        ({"m": {}}, {"m.n": firestore.Increment(1)}, {"m": {"n": 1}}),
        ({"t": ["a", "b"]}, {"t": firestore.ArrayUnion(["b", "c", "c"])}, {"t": ["a", "b", "c"]}),
        ({"t": "not-an-array"}, {"t": firestore.ArrayUnion(["x"])}, {"t": ["x"]}),
        ({"t": ["a", "b", "a", 1]}, {"t": firestore.ArrayRemove(["a", 1.0, "zzz"])}, {"t": ["b"]}),
        ({}, {"t": firestore.ArrayRemove(["a"])}, {"t": []}),
        ({"n": 5}, {"n": firestore.Maximum(10)}, {"n": 10}),
        ({"n": 50}, {"n": firestore.Maximum(10)}, {"n": 50}),
        ({"n": 5}, {"n": firestore.Minimum(1.5)}, {"n": 1.5}),
        ({}, {"n": firestore.Minimum(3)}, {"n": 3}),
        ({"gone": 1, "kept": 2}, {"gone": firestore.DELETE_FIELD}, {"kept": 2}),
        ({"m": {"a": 1, "b": 2}}, {"m.a": firestore.DELETE_FIELD}, {"m": {"b": 2}}),
    ],
    ids=[
        "increment-int", "increment-int-by-double", "increment-double", "increment-non-number",
        "increment-missing", "increment-nested", "array-union", "array-union-non-array",
        "array-remove", "array-remove-missing", "maximum-raises", "maximum-keeps", "minimum-lowers",
        "minimum-missing", "delete-field", "delete-nested-field",
    ],
)
def test_update_with_transform(db, initial, change, expected):
    ref = db.collection("things").document("d")
    ref.set({"other": "untouched", **initial})

    ref.update(change)

    assert ref.get().to_dict() == {"other": "untouched", **expected}


def test_update_mixing_values_and_several_transforms(db):
    ref = db.collection("things").document("d")
    ref.set({"nested": {"k": 1}, "count": 1, "tags": ["a"], "old": ["z", "y"], "gone": 1})

    ref.update({
        "nested.k": 5,
        "count": firestore.Increment(2),
        "tags": firestore.ArrayUnion(["b"]),
        "old": firestore.ArrayRemove(["z"]),
        "gone": firestore.DELETE_FIELD,
    })

    assert ref.get().to_dict() == {"nested": {"k": 5}, "count": 3, "tags": ["a", "b"], "old": ["y"]}


def test_server_timestamp_is_the_commit_time(db):
    ref = db.collection("things").document("d")
    ref.set({"a": 1})

    result = ref.update({"at": firestore.SERVER_TIMESTAMP})

    snap = ref.get()
    at = snap.get("at")
    assert isinstance(at, datetime.datetime)
    assert result.update_time == snap.update_time
    # REQUEST_TIME is the commit time at millisecond precision (production reads back
    # whole milliseconds), so it is the update time truncated to the millisecond.
    assert datetime.timedelta(0) <= snap.update_time - at < datetime.timedelta(milliseconds=1)
    assert result.transform_results[0].timestamp_value == at
    assert snap.get("a") == 1


def test_set_with_only_a_server_timestamp(db):
    ref = db.collection("things").document("d")
    ref.set({"old": 1})

    ref.set({"at": firestore.SERVER_TIMESTAMP})

    assert list(ref.get().to_dict()) == ["at"]


def test_update_of_missing_document_is_not_found(db):
    with pytest.raises(exceptions.NotFound):
        db.collection("things").document("missing").update({"a": 1})


def test_create_then_conflict(db):
    ref = db.collection("things").document("d")
    ref.create({"a": 1})

    with pytest.raises(exceptions.AlreadyExists):  # HTTP 409, status ALREADY_EXISTS
        ref.create({"a": 2})

    assert ref.get().to_dict() == {"a": 1}


def test_add_generates_a_20_character_id(db):
    _, ref = db.collection("things").add({"a": 1})

    assert len(ref.id) == 20
    assert ref.get().to_dict() == {"a": 1}


def test_get_missing_document(db):
    snap = db.collection("things").document("missing").get()

    assert not snap.exists
    assert snap.to_dict() is None


def test_get_with_field_mask(db):
    ref = db.collection("things").document("d")
    ref.set({"a": 1, "b": 2, "m": {"x": 1, "y": 2}})

    snap = ref.get(field_paths=["a", "m.y"])

    assert snap.to_dict() == {"a": 1, "m": {"y": 2}}


def test_delete(db):
    ref = db.collection("things").document("d")
    ref.set({"a": 1})

    ref.delete()

    assert not ref.get().exists


def test_delete_of_missing_document_succeeds(db):
    db.collection("things").document("never-existed").delete()


def test_update_time_precondition_in_the_future_is_invalid_argument(db):
    # Production: INVALID_ARGUMENT for a version the document cannot have yet (the client's
    # system tests expect it for update and delete); a stale one is FAILED_PRECONDITION.
    ref = db.collection("things").document("future")
    written = ref.set({"a": 1})
    future = db.write_option(last_update_time=written.update_time + datetime.timedelta(hours=1))

    with pytest.raises(exceptions.InvalidArgument):
        ref.update({"a": 2}, option=future)
    with pytest.raises(exceptions.InvalidArgument):
        ref.delete(option=future)
    assert ref.get().get("a") == 1


def test_precondition_on_update_time(db):
    ref = db.collection("things").document("d")
    first = ref.set({"a": 1})
    ref.set({"a": 2})
    stale = db.write_option(last_update_time=first.update_time)

    with pytest.raises(exceptions.FailedPrecondition):
        ref.delete(option=stale)

    current = db.write_option(last_update_time=ref.get().update_time)
    ref.update({"a": 3}, option=current)
    assert ref.get().get("a") == 3


def test_get_all_returns_found_and_missing(db):
    col = db.collection("things")
    col.document("a").set({"v": "a"})
    col.document("c").set({"v": "c"})
    refs = [col.document("a"), col.document("b"), col.document("c")]

    snaps = {s.id: s for s in db.get_all(refs)}

    assert set(snaps) == {"a", "b", "c"}
    assert snaps["a"].to_dict() == {"v": "a"}
    assert not snaps["b"].exists
    assert snaps["c"].to_dict() == {"v": "c"}


def test_get_all_with_field_paths(db):
    ref = db.collection("things").document("a")
    ref.set({"x": 1, "y": 2})

    (snap,) = db.get_all([ref], field_paths=["y"])

    assert snap.to_dict() == {"y": 2}


def test_documents_in_different_projects_are_isolated(db, make_db):
    db.collection("things").document("d").set({"a": 1})
    other = make_db(db.project + "-x")

    assert not other.collection("things").document("d").get().exists


def test_create_time_is_kept_and_update_time_advances(db):
    ref = db.collection("things").document("d")
    ref.set({"v": 1})
    first = ref.get()

    ref.set({"v": 2})
    second = ref.get()
    ref.delete()
    ref.set({"v": 3})
    recreated = ref.get()

    assert second.create_time == first.create_time
    assert second.update_time > first.update_time
    assert recreated.create_time > first.create_time


def test_get_all_with_duplicate_references_returns_each_document_once(db):
    ref = db.collection("things").document("d")
    ref.set({"v": 1})

    snaps = list(db.get_all([ref, ref]))

    assert [s.id for s in snaps] == ["d"]


@pytest.mark.parametrize(
    "initial, change, expected",
    [
        ({"n": 2**63 - 1}, {"n": firestore.Increment(1)}, {"n": 2**63 - 1}),  # saturates
        ({"n": -(2**63)}, {"n": firestore.Increment(-1)}, {"n": -(2**63)}),
        ({"t": [1, "a"]}, {"t": firestore.ArrayUnion([1.0, {"k": 1}])}, {"t": [1, "a", {"k": 1}]}),
        ({"t": [{"k": 1}, {"x": [2]}, {"k": 1}]}, {"t": firestore.ArrayRemove([{"k": 1}])}, {"t": [{"x": [2]}]}),
    ],
    ids=["increment-saturates-up", "increment-saturates-down", "array-union-numeric-equality", "array-remove-map"],
)
def test_transform_edge_cases(db, initial, change, expected):
    ref = db.collection("things").document("d")
    ref.set(initial)

    ref.update(change)

    assert ref.get().to_dict() == expected


@pytest.mark.parametrize(
    "collection_id, document_id",
    [
        ("with space", "id with space"),
        ("ünïcødé", "日本語"),
        ("percent%25", "plus+and=equals"),
        ("dots.and-dash", "a:b@c"),
        ("question?", "hash#"),
    ],
    ids=["spaces", "unicode", "percent", "punctuation", "query-and-fragment-chars"],
)
def test_unusual_ids_round_trip_through_urls(db, collection_id, document_id):
    ref = db.collection(collection_id).document(document_id)
    ref.set({"v": 1})
    ref.collection("sub").document("x").set({"w": 2})

    assert ref.get().to_dict() == {"v": 1}
    assert [r.id for r in db.collection(collection_id).list_documents()] == [document_id]
    assert [c.id for c in ref.collections()] == ["sub"]
    assert [s.id for s in db.collection(collection_id).where(filter=FieldFilter("v", "==", 1)).get()] == [document_id]


def test_special_doubles_round_trip_and_nan_is_queryable(db):
    col = db.collection("things")
    col.document("nan").set({"x": float("nan")})
    col.document("inf").set({"x": float("inf")})
    col.document("one").set({"x": 1.0})

    assert math.isnan(col.document("nan").get().get("x"))
    assert col.document("inf").get().get("x") == float("inf")
    assert [s.id for s in col.where(filter=FieldFilter("x", "==", float("nan"))).get()] == ["nan"]
    assert [s.id for s in col.where(filter=FieldFilter("x", "!=", float("nan"))).get()] == ["one", "inf"]


def test_timestamps_are_stored_with_microsecond_precision(db):
    ref = db.collection("things").document("d")
    ref.set({"t": DatetimeWithNanoseconds(2024, 1, 2, 3, 4, 5, nanosecond=123456789, tzinfo=UTC)})

    stored = ref.get().get("t")

    assert stored == datetime.datetime(2024, 1, 2, 3, 4, 5, 123456, tzinfo=UTC)  # truncated, not ...457


def test_delete_with_exists_precondition(db):
    ref = db.collection("things").document("d")

    with pytest.raises(exceptions.NotFound):
        ref.delete(option=db.write_option(exists=True))

    ref.set({"a": 1})
    ref.delete(option=db.write_option(exists=True))
    assert not ref.get().exists


def test_write_result_carries_one_transform_result_per_transform(db):
    ref = db.collection("things").document("d")
    ref.set({"n": 1, "t": []})

    result = ref.update({"n": firestore.Increment(2), "t": firestore.ArrayUnion(["x"])})

    # transforms are sent sorted by field path: n, then t
    assert len(result.transform_results) == 2
    assert result.transform_results[0].integer_value == 3
