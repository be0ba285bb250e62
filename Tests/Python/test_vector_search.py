"""Vector search (findNearest) with google-cloud-firestore's own VectorQuery: each distance
measure, thresholds, filters first, nested vector fields, the distance written into the
results, and production's limits. Over REST here; test_grpc_vector_search.py collects the same
tests again over gRPC."""

import math

import pytest
from google.api_core import exceptions
from google.cloud.firestore_v1 import FieldFilter
from google.cloud.firestore_v1.base_vector_query import DistanceMeasure
from google.cloud.firestore_v1.vector import Vector

EMBEDDINGS = {
    "a": ([1.0, 2.0], "red"),
    "b": ([3.0, 4.0], "red"),
    "c": ([1.1, 2.1], "blue"),
    "d": ([1.0, 2.0, 3.0], "red"),  # another dimension: never a candidate
}


@pytest.fixture
def items(db):
    col = db.collection("items")
    batch = db.batch()
    for doc_id, (embedding, color) in EMBEDDINGS.items():
        batch.set(col.document(doc_id), {"embedding": Vector(embedding), "color": color, "meta": {"e": Vector(embedding[:1])}})
    batch.set(col.document("text"), {"embedding": "not a vector", "color": "red"})
    batch.commit()
    return col


@pytest.mark.parametrize(
    "measure, expected",
    [
        (DistanceMeasure.EUCLIDEAN, [("a", 0.0), ("c", math.sqrt(0.02)), ("b", math.sqrt(8.0))]),
        (DistanceMeasure.COSINE, [("a", 0.0), ("c", 1 - 5.3 / (math.sqrt(5.0) * math.sqrt(5.62))), ("b", 1 - 11 / (math.sqrt(5.0) * 5.0))]),
        (DistanceMeasure.DOT_PRODUCT, [("b", 11.0), ("c", 5.3), ("a", 5.0)]),
    ],
)
def test_find_nearest_ranks_by_the_measure_and_writes_the_distance(items, measure, expected):
    found = items.find_nearest(
        "embedding", Vector([1.0, 2.0]), distance_measure=measure, limit=5, distance_result_field="distance"
    ).get()
    assert [snapshot.id for snapshot in found] == [doc_id for doc_id, _ in expected]
    for snapshot, (_, distance) in zip(found, expected):
        assert snapshot.get("distance") == pytest.approx(distance)


def test_find_nearest_runs_after_the_filters_and_keeps_within_the_threshold(items):
    red = items.where(filter=FieldFilter("color", "==", "red"))
    near = red.find_nearest("embedding", Vector([1.1, 2.1]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=5, distance_threshold=1.0)
    assert [snapshot.id for snapshot in near.get()] == ["a"]
    similar = items.find_nearest("embedding", Vector([1.0, 2.0]), distance_measure=DistanceMeasure.DOT_PRODUCT, limit=5, distance_threshold=5.2)
    assert [snapshot.id for snapshot in similar.get()] == ["b", "c"]
    assert [snapshot.id for snapshot in items.find_nearest("embedding", Vector([9.0, 9.0]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=1).get()] == ["b"]


def test_find_nearest_on_a_nested_field_with_select(items):
    """A vector in a map field (which the emulator suite misses, firebase-tools#8077), and
    select naming the distance field as production's documentation does."""
    query = items.select(["color", "distance"]).find_nearest(
        "meta.e", Vector([3.2]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=2, distance_result_field="distance"
    )
    found = query.get()
    assert [snapshot.id for snapshot in found] == ["b", "c"]
    assert found[0].to_dict() == {"color": "red", "distance": pytest.approx(0.2)}


def test_find_nearest_refuses_what_production_refuses(items):
    with pytest.raises(exceptions.InvalidArgument, match="between 1 and 1000"):
        items.find_nearest("embedding", Vector([1.0, 2.0]), distance_measure=DistanceMeasure.EUCLIDEAN, limit=1001).get()
    with pytest.raises(exceptions.InvalidArgument, match="2049 dimensions"):
        items.find_nearest("embedding", Vector([1.0] * 2049), distance_measure=DistanceMeasure.EUCLIDEAN, limit=1).get()
