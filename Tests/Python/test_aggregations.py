"""count / sum / avg aggregation queries (RunAggregationQuery)."""

import math

import pytest
from google.cloud.firestore_v1 import FieldFilter

SCORES = {
    "a": {"team": "red", "score": 10, "ratio": 0.5},
    "b": {"team": "red", "score": 20, "ratio": 1.5},
    "c": {"team": "blue", "score": 30},
    "d": {"team": "blue", "score": "n/a", "ratio": 2},  # non-numeric score is skipped by sum/avg
    "e": {"team": "green"},  # no score at all
}


@pytest.fixture
def scores(db):
    col = db.collection("scores")
    for doc_id, data in SCORES.items():
        col.document(doc_id).set(data)
    return col


def values(aggregation_query):
    """{alias: value} of the single result row."""
    (row,) = aggregation_query.get()
    return {result.alias: result.value for result in row}


def raw_values(db, aggregation_query):
    """{alias: Value protobuf} straight from RunAggregationQuery, bypassing the client's
    `integer_value or double_value` decoding (which turns a null avg into 0.0)."""
    parent, _ = aggregation_query._nested_query._parent._parent_info()
    responses = db._firestore_api.run_aggregation_query(
        request={"parent": parent, "structured_aggregation_query": aggregation_query._to_protobuf()},
        metadata=db._rpc_metadata,
    )
    results = [r for r in responses if r._pb.HasField("result")]
    assert len(results) == 1
    return dict(results[0].result.aggregate_fields.items())


def kind(value_pb):
    return value_pb._pb.WhichOneof("value_type")


def test_count(scores):
    assert values(scores.count(alias="n")) == {"n": 5}


def test_count_without_alias_gets_a_server_alias(scores):
    assert values(scores.count()) == {"field_1": 5}


@pytest.mark.parametrize(
    "query, expected",
    [
        (lambda c: c.where(filter=FieldFilter("team", "==", "red")), 2),
        (lambda c: c.where(filter=FieldFilter("score", ">", 10)), 2),
        (lambda c: c.limit(3), 3),
        (lambda c: c.order_by("score"), 4),  # order_by drops documents without the field
        (lambda c: c.where(filter=FieldFilter("team", "==", "none")), 0),
    ],
    ids=["filter", "inequality", "limit", "order-by", "no-match"],
)
def test_count_of_a_query(scores, query, expected):
    assert values(query(scores).count(alias="n")) == {"n": expected}


def test_sum_of_integers_is_an_integer(db, scores):
    query = scores.sum("score", alias="total")

    assert values(query) == {"total": 60}
    assert kind(raw_values(db, query)["total"]) == "integer_value"


def test_sum_with_doubles_is_a_double(db, scores):
    query = scores.sum("ratio", alias="total")

    assert values(query) == {"total": 4.0}
    assert kind(raw_values(db, query)["total"]) == "double_value"


def test_avg_is_a_double(db, scores):
    query = scores.avg("score", alias="mean")

    assert values(query) == {"mean": 20.0}
    assert kind(raw_values(db, query)["mean"]) == "double_value"


def test_several_aggregations_at_once(scores):
    query = scores.where(filter=FieldFilter("team", "in", ["red", "blue"]))
    query = query.count(alias="n").sum("score", alias="total").avg("ratio", alias="mean")

    result = values(query)

    assert result["n"] == 4
    assert result["total"] == 60
    assert math.isclose(result["mean"], 4.0 / 3)


def test_aggregations_over_an_empty_set(db):
    empty = db.collection("nothing")
    query = empty.count(alias="n").sum("x", alias="total").avg("x", alias="mean")

    raw = raw_values(db, query)

    assert raw["n"].integer_value == 0 and kind(raw["n"]) == "integer_value"
    assert raw["total"].integer_value == 0 and kind(raw["total"]) == "integer_value"
    assert kind(raw["mean"]) == "null_value"  # avg of nothing is null
    # what a user of the Python client sees (it decodes null as 0.0)
    assert values(query) == {"n": 0, "total": 0, "mean": 0.0}


@pytest.mark.parametrize(
    "values, expected, expected_kind",
    [
        ([2**62, 2**62], float(2**63), "double_value"),  # integer overflow falls back to a double
        ([1, float("nan"), 2], "nan", "double_value"),  # any NaN makes the sum NaN
        ([1, None, "x", [1], 2], 3, "integer_value"),  # non-numbers are skipped
    ],
    ids=["overflow", "nan", "non-numbers"],
)
def test_sum_edge_cases(db, values, expected, expected_kind):
    col = db.collection("sums")
    for i, value in enumerate(values):
        col.document(f"d{i}").set({"x": value})
    query = col.sum("x", alias="total")

    raw = raw_values(db, query)["total"]

    assert kind(raw) == expected_kind
    got = raw.double_value if expected_kind == "double_value" else raw.integer_value
    if expected == "nan":
        assert math.isnan(got)
    else:
        assert got == expected


def test_count_over_a_collection_group(db):
    for path in ["posts/a", "users/u1/posts/b", "users/u1/posts/b/posts/c", "users/u1/drafts/d"]:
        db.document(path).set({"n": 1})

    assert values(db.collection_group("posts").count(alias="n")) == {"n": 3}


def test_count_explain(scores):
    """Query Explain on an aggregation: one result; the plan alone without analyze."""
    from google.cloud.firestore_v1.query_profile import ExplainOptions

    count = scores.where(filter=FieldFilter("team", "==", "red")).count(alias="n")
    ran = count.get(explain_options=ExplainOptions(analyze=True))
    assert [[(result.alias, result.value) for result in row] for row in ran] == [[("n", 2)]]
    metrics = ran.get_explain_metrics()
    assert metrics.plan_summary.indexes_used == [{"query_scope": "Collection", "properties": "(team ASC, __name__ ASC)"}]
    assert (metrics.execution_stats.results_returned, metrics.execution_stats.read_operations) == (1, 1)
    assert metrics.execution_stats.debug_stats["index_entries_scanned"] == "2"
    planned = count.get(explain_options=ExplainOptions(analyze=False))
    assert planned.get_explain_metrics().plan_summary.indexes_used == metrics.plan_summary.indexes_used


def test_sum_and_avg_under_a_limit_take_the_smallest_values_of_documents_with_the_field(scores):
    # Production serves them from the field's index: e (no score) is not among the 2, and the
    # 2 are the smallest scores (a, b), not the first 2 documents by name.
    scores.document("0").set({"team": "none"})
    scores.document("1").set({"score": 40})

    assert values(scores.limit(2).sum("score", alias="total")) == {"total": 30}
    assert values(scores.limit(2).avg("score", alias="mean")) == {"mean": 15.0}
    assert values(scores.where(filter=FieldFilter("team", "==", "red")).limit(1).sum("score", alias="total")) == {"total": 10}
    # count is unaffected: the first 2 documents, whatever they hold.
    assert values(scores.limit(2).count(alias="n")) == {"n": 2}


def test_duplicate_aliases_fail_in_productions_words(scores):
    from google.api_core import exceptions

    with pytest.raises(exceptions.InvalidArgument) as caught:
        scores.count(alias="total").count(alias="total").get()
    assert "Aggregation aliases contain duplicate alias" in caught.value.message


def test_no_aggregations_fail_in_productions_words(scores):
    from google.api_core import exceptions
    from google.cloud.firestore_v1.aggregation import AggregationQuery

    with pytest.raises(exceptions.InvalidArgument) as caught:
        AggregationQuery(scores.limit(10)).get()
    assert "Aggregations can not be empty" in caught.value.message
