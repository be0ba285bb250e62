"""Queries: filters, composite filters, ordering, limits, offsets, cursors, projections,
collection groups. Results are compared as ordered id lists, so the server's implicit
ordering (inequality fields, then __name__) is checked too."""

import pytest
from google.cloud import firestore
from google.cloud.firestore_v1 import And, FieldFilter, Or
from google.cloud.firestore_v1.field_path import FieldPath

ASC = firestore.Query.ASCENDING
DESC = firestore.Query.DESCENDING

CITIES = {
    "sf": {"name": "San Francisco", "state": "CA", "pop": 870, "tags": ["west", "coast"], "rank": 3},
    "la": {"name": "Los Angeles", "state": "CA", "pop": 3900, "tags": ["west"], "rank": 1},
    "dc": {"name": "Washington", "state": "DC", "pop": 690, "tags": ["east", "capital"], "rank": 5},
    "tok": {"name": "Tokyo", "state": None, "pop": 14000, "tags": ["asia", "capital"], "rank": 2},
    "bj": {"name": "Beijing", "pop": 21500, "tags": ["asia", "capital"], "rank": 4},  # no state
    "nw": {"name": "Nowhere", "pop": "unknown", "rank": 6},  # pop is a string, no tags
}


@pytest.fixture
def cities(db):
    col = db.collection("cities")
    batch = db.batch()
    for doc_id, data in CITIES.items():
        batch.set(col.document(doc_id), data)
    batch.commit()
    return col


def ids(query):
    return [snap.id for snap in query.get()]


def F(field, op, value):
    return FieldFilter(field, op, value)


def cases(rows):
    """parametrize rows with readable ids: 'pop>3900', 'state==CA&pop>1000', 'start_at=3'."""

    def case_id(spec):
        if isinstance(spec, dict):
            return "&".join(f"{k}={v}" for k, v in spec.items())
        def fmt(value):
            return ",".join(map(str, value)) if isinstance(value, list) else str(value)

        def one(field, op, value):
            sep = "" if op[0] in "<>=!" else "-"
            return f"{field}{sep}{op}{sep}{fmt(value)}"

        return "&".join(one(*f) for f in spec)

    return [pytest.param(spec, expected, id=case_id(spec)) for spec, expected in rows]


class Ref(str):
    """A document id that the test turns into a DocumentReference of the collection
    (filters on __name__ need references; the client does not convert strings)."""


def resolve(col, value):
    if isinstance(value, Ref):
        return col.document(value)
    if isinstance(value, list):
        return [col.document(v) if isinstance(v, Ref) else v for v in value]
    return value


@pytest.mark.parametrize(
    "filters, expected",
    cases([
        ([("state", "==", "CA")], ["la", "sf"]),
        ([("state", "!=", "CA")], ["dc"]),  # missing and null fields never match !=
        ([("pop", "<", 870)], ["dc"]),
        ([("pop", "<=", 870)], ["dc", "sf"]),  # ordered by the inequality field
        ([("pop", ">", 3900)], ["tok", "bj"]),  # type bracketing: the string pop never matches
        ([("pop", ">=", 3900)], ["la", "tok", "bj"]),
        ([("pop", "==", 870.0)], ["sf"]),  # int and double compare numerically
        ([("state", "in", ["CA", "DC"])], ["dc", "la", "sf"]),
        ([("state", "not-in", ["DC"])], ["la", "sf"]),  # null and missing excluded
        ([("tags", "array_contains", "capital")], ["bj", "dc", "tok"]),
        ([("tags", "array_contains_any", ["coast", "asia"])], ["bj", "sf", "tok"]),
        ([("state", "==", None)], ["tok"]),
        ([("state", "!=", None)], ["la", "sf", "dc"]),  # IS_NOT_NULL orders by the field too
        ([("name", ">=", "S"), ("name", "<", "U")], ["sf", "tok"]),
        ([("state", "==", "CA"), ("pop", ">", 1000)], ["la"]),
        ([("pop", ">", 800), ("rank", "<", 4)], ["sf", "la", "tok"]),  # two inequality fields
        ([(FieldPath.document_id(), "==", Ref("la"))], ["la"]),
        ([(FieldPath.document_id(), ">", Ref("la"))], ["nw", "sf", "tok"]),
        ([(FieldPath.document_id(), "in", [Ref("tok"), Ref("la"), Ref("zz")])], ["la", "tok"]),
    ]),
)
def test_field_filters(cities, filters, expected):
    query = cities
    for field, op, value in filters:
        query = query.where(filter=FieldFilter(field, op, resolve(cities, value)))

    assert ids(query) == expected


@pytest.mark.parametrize(
    "composite, expected",
    [
        (Or([F("state", "==", "DC"), F("state", "==", "CA")]), ["dc", "la", "sf"]),
        (Or([F("state", "==", "DC"), F("pop", ">", 10000)]), ["dc", "tok", "bj"]),
        (And([F("state", "==", "CA"), F("pop", ">", 1000)]), ["la"]),
        (Or([And([F("state", "==", "CA"), F("rank", "<=", 1)]), F("tags", "array_contains", "asia")]),
         ["la", "tok", "bj"]),
        (And([Or([F("rank", "==", 1), F("rank", "==", 2)]), F("tags", "array_contains", "asia")]), ["tok"]),
    ],
    ids=["or-equalities", "or-with-inequality", "and", "or-of-and", "and-of-or"],
)
def test_composite_filters(cities, composite, expected):
    assert ids(cities.where(filter=composite)) == expected


@pytest.mark.parametrize(
    "orders, expected",
    [
        ([("rank", ASC)], ["la", "tok", "sf", "bj", "dc", "nw"]),
        ([("rank", DESC)], ["nw", "dc", "bj", "sf", "tok", "la"]),
        ([("pop", ASC)], ["dc", "sf", "la", "tok", "bj", "nw"]),  # numbers sort before strings
        ([("state", ASC)], ["tok", "la", "sf", "dc"]),  # docs without the field are left out; null first
        ([("state", DESC)], ["dc", "sf", "la", "tok"]),  # the __name__ tie-break follows the last direction
        ([("state", ASC), ("rank", DESC)], ["tok", "sf", "la", "dc"]),
        ([(FieldPath.document_id(), DESC)], ["tok", "sf", "nw", "la", "dc", "bj"]),
    ],
    ids=["rank", "rank-desc", "mixed-types", "missing-and-null", "desc-tiebreak", "two-fields", "name-desc"],
)
def test_order_by(cities, orders, expected):
    query = cities
    for field, direction in orders:
        query = query.order_by(field, direction=direction)

    assert ids(query) == expected


def test_limit(cities):
    assert ids(cities.order_by("rank").limit(2)) == ["la", "tok"]


def test_limit_zero(cities):
    assert ids(cities.order_by("rank").limit(0)) == []


def test_limit_to_last(cities):
    assert ids(cities.order_by("rank").limit_to_last(2)) == ["dc", "nw"]


def test_limit_to_last_with_filter_and_descending_order(cities):
    query = cities.where(filter=F("state", "==", "CA")).order_by("pop", direction=DESC).limit_to_last(1)

    assert ids(query) == ["sf"]


@pytest.mark.parametrize(
    "offset, limit, expected",
    [(2, 2, ["sf", "bj"]), (5, None, ["nw"]), (10, None, [])],
    ids=["offset2-limit2", "offset5", "offset-past-end"],
)
def test_offset(cities, offset, limit, expected):
    query = cities.order_by("rank").offset(offset)
    if limit is not None:
        query = query.limit(limit)

    assert ids(query) == expected


@pytest.mark.parametrize(
    "cursors, expected",
    cases([
        ({"start_at": 3}, ["sf", "bj", "dc", "nw"]),
        ({"start_after": 3}, ["bj", "dc", "nw"]),
        ({"end_at": 3}, ["la", "tok", "sf"]),
        ({"end_before": 3}, ["la", "tok"]),
        ({"start_at": 2, "end_before": 5}, ["tok", "sf", "bj"]),
        ({"start_after": 2, "end_at": 5}, ["sf", "bj", "dc"]),
        ({"start_at": 2.5}, ["sf", "bj", "dc", "nw"]),
        ({"start_at": 100}, []),
    ]),
)
def test_value_cursors(cities, cursors, expected):
    query = cities.order_by("rank")
    for method, value in cursors.items():
        query = getattr(query, method)({"rank": value})

    assert ids(query) == expected


def test_value_cursors_on_descending_order(cities):
    query = cities.order_by("rank", direction=DESC).start_at({"rank": 4}).end_at({"rank": 2})

    assert ids(query) == ["bj", "sf", "tok"]


@pytest.mark.parametrize(
    "method, anchor, expected",
    [
        ("start_at", "sf", ["sf", "bj", "dc", "nw"]),
        ("start_after", "sf", ["bj", "dc", "nw"]),
        ("end_at", "sf", ["la", "tok", "sf"]),
        ("end_before", "dc", ["la", "tok", "sf", "bj"]),
    ],
    ids=["start_at", "start_after", "end_at", "end_before"],
)
def test_snapshot_cursors(cities, method, anchor, expected):
    snapshot = cities.document(anchor).get()

    query = getattr(cities.order_by("rank"), method)(snapshot)

    assert ids(query) == expected


def test_snapshot_cursor_breaks_ties_by_document_name(cities):
    la = cities.document("la").get()  # state "CA", like sf

    assert ids(cities.order_by("state").start_after(la)) == ["sf", "dc"]


def test_snapshot_cursor_without_order_by_uses_the_inequality_field(cities):
    sf = cities.document("sf").get()

    query = cities.where(filter=F("pop", ">", 800)).start_after(sf)

    assert ids(query) == ["la", "tok", "bj"]


def test_partial_cursor_skips_every_document_equal_on_the_prefix(cities):
    query = cities.order_by("state").order_by("rank").start_after(["CA"])

    assert ids(query) == ["dc"]


def test_select_projects_fields(cities):
    snaps = cities.where(filter=F("state", "==", "CA")).select(["name", "rank"]).get()

    assert {s.id: s.to_dict() for s in snaps} == {
        "la": {"name": "Los Angeles", "rank": 1},
        "sf": {"name": "San Francisco", "rank": 3},
    }


def test_select_nothing_returns_only_names(cities):
    snaps = cities.where(filter=F("state", "==", "CA")).select([]).get()

    assert [(s.id, s.to_dict()) for s in snaps] == [("la", {}), ("sf", {})]


def test_query_on_empty_collection(db):
    assert ids(db.collection("nothing-here").where(filter=F("a", "==", 1))) == []


def test_stream_yields_the_same_as_get(cities):
    query = cities.where(filter=F("tags", "array_contains", "west"))

    assert [s.id for s in query.stream()] == ids(query) == ["la", "sf"]


@pytest.fixture
def posts(db):
    """posts live at several depths, plus a same-named top-level collection."""
    paths = {
        "posts/p3": 3,
        "users/u1/posts/p1": 1,
        "users/u1/posts/p1/posts/p5": 5,
        "users/u2/posts/p2": 2,
        "users/u1/drafts/p4": 4,
        "users/u3": 0,
    }
    for path, n in paths.items():
        db.document(path).set({"n": n})
    return db


def test_collection_group_finds_every_depth_ordered_by_path(posts):
    snaps = posts.collection_group("posts").get()

    assert [s.reference.path for s in snaps] == [
        "posts/p3",
        "users/u1/posts/p1",
        "users/u1/posts/p1/posts/p5",
        "users/u2/posts/p2",
    ]


def test_collection_group_with_filter_and_order(posts):
    query = posts.collection_group("posts").where(filter=F("n", ">=", 2)).order_by("n", direction=DESC)

    assert [s.reference.path for s in query.get()] == ["users/u1/posts/p1/posts/p5", "posts/p3", "users/u2/posts/p2"]


@pytest.mark.parametrize(
    "collection, expected",
    [("posts", ["posts/p3"]), ("users/u1/posts", ["users/u1/posts/p1"]), ("users", ["users/u3"])],
    ids=["posts", "users-u1-posts", "users"],
)
def test_collection_query_only_sees_direct_children(posts, collection, expected):
    assert [s.reference.path for s in posts.collection(collection).get()] == expected


def ordered_ids(db, collection, values, direction=ASC):
    col = db.collection(collection)
    batch = db.batch()
    for doc_id, value in values.items():
        batch.set(col.document(doc_id), {"v": value})
    batch.commit()
    return ids(col.order_by("v", direction=direction))


def test_values_of_different_types_sort_in_firestore_type_order(db):
    import datetime

    values = {
        "k-map": {"a": 1},
        "j-array": [1, 2],
        "i-geo": firestore.GeoPoint(1, 2),
        "h-ref": db.document("c/d"),
        "g-bytes": b"\x01",
        "f-string": "s",
        "e-time": datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc),
        "d-number": 1.5,
        "c-int": -7,
        "b-bool": False,
        "a-null": None,
    }

    assert ordered_ids(db, "mixed", values) == [
        "a-null", "b-bool", "c-int", "d-number", "e-time", "f-string", "g-bytes", "h-ref", "i-geo", "j-array", "k-map",
    ]


def test_numbers_sort_numerically_across_int_and_double(db):
    values = {
        "nan": float("nan"),
        "neg-inf": float("-inf"),
        "minus-one": -1,
        "zero": 0,
        "half": 0.5,
        "one-a-int": 1,
        "one-b-double": 1.0,  # equal to 1: the tie is broken by name
        "two53-double": 9007199254740992.0,
        "two53-plus-one-int": 2**53 + 1,  # must not be rounded to a double when compared
        "inf": float("inf"),
    }

    assert ordered_ids(db, "numbers", values) == list(values)


def test_strings_sort_by_utf8_bytes(db):
    values = {"upper": "Z", "lower": "a", "accent": "é", "bmp-last": "\uffff", "emoji": "😀"}

    # UTF-16 code units would put the emoji (a surrogate pair, 0xD83D...) before U+FFFF.
    assert ordered_ids(db, "strings", values) == ["upper", "lower", "accent", "bmp-last", "emoji"]


@pytest.mark.parametrize(
    "values",
    [
        {"a-empty": [], "b-short": [1], "c-prefix-longer": [1, 0], "d-bigger": [2]},
        {"a-empty": {}, "b-a1": {"a": 1}, "c-a1-b0": {"a": 1, "b": 0}, "d-a2": {"a": 2}, "e-b0": {"b": 0}},
    ],
    ids=["arrays", "maps"],
)
def test_arrays_and_maps_sort_element_by_element(db, values):
    assert ordered_ids(db, "composites", values) == list(values)


@pytest.mark.parametrize(
    "value, expected",
    [({"a": 1, "b": [2]}, ["m1"]), ([1, {"x": "y"}], ["arr"]), ({"b": [2], "a": 1.0}, ["m1"])],
    ids=["map", "array", "map-key-order-and-numeric"],
)
def test_equality_on_maps_and_arrays(db, value, expected):
    col = db.collection("composite")
    col.document("m1").set({"v": {"a": 1, "b": [2]}})
    col.document("m2").set({"v": {"a": 1}})
    col.document("arr").set({"v": [1, {"x": "y"}]})

    assert ids(col.where(filter=F("v", "==", value))) == expected


def test_collection_group_orders_by_path_segments_not_whole_strings(db):
    for path in ["p/a-b/c/2", "p/a/c/1"]:
        db.document(path).set({"n": 1})

    # segment-wise, "a" < "a-b"; as whole strings "p/a-b/..." < "p/a/..." ('-' < '/')
    assert [s.reference.path for s in db.collection_group("c").get()] == ["p/a/c/1", "p/a-b/c/2"]


def test_select_a_nested_field(cities):
    cities.document("sf").update({"meta": {"x": 1, "y": 2}})

    snaps = cities.where(filter=F("state", "==", "CA")).select(["meta.y"]).get()

    assert [(s.id, s.to_dict()) for s in snaps] == [("la", {}), ("sf", {"meta": {"y": 2}})]


def test_collection_group_partitions_cover_every_document(db):
    """get_partitions → :partitionQuery; Hearth answers with one partition spanning the group."""
    for path in ["a/1/parts/x", "a/2/parts/y", "b/1/parts/z"]:
        db.document(path).set({"v": 1})
    partitions = list(db.collection_group("parts").get_partitions(3))
    assert len(partitions) == 1
    names = sorted(snapshot.reference.path for snapshot in partitions[0].query().stream())
    assert names == ["a/1/parts/x", "a/2/parts/y", "b/1/parts/z"]


def test_query_explain_plans_without_reading_and_analyze_counts_the_walk(cities):
    """Query Explain (explain_options): the plan names the index the query walks; without
    analyze nothing is returned; with it the documents come back and the stats count them."""
    from google.cloud.firestore_v1.query_profile import ExplainOptions

    query = cities.where(filter=F("state", "==", "CA")).order_by("pop")
    index = [{"query_scope": "Collection", "properties": "(state ASC, pop ASC, __name__ ASC)"}]
    planned = query.get(explain_options=ExplainOptions(analyze=False))
    assert list(planned) == []
    assert planned.get_explain_metrics().plan_summary.indexes_used == index
    ran = query.get(explain_options=ExplainOptions(analyze=True))
    assert [snap.id for snap in ran] == ["sf", "la"]
    metrics = ran.get_explain_metrics()
    assert metrics.plan_summary.indexes_used == index
    stats = metrics.execution_stats
    assert (stats.results_returned, stats.read_operations) == (2, 2)
    assert stats.debug_stats["index_entries_scanned"] == "2"
    assert stats.debug_stats["billing_details"]["documents_billable"] == "2"
    streamed = query.limit(1).stream(explain_options=ExplainOptions(analyze=True))
    assert [snap.id for snap in streamed] == ["sf"]
    assert streamed.get_explain_metrics().execution_stats.results_returned == 1
