"""A few raw REST checks of things the Python client tolerates but other REST clients
rely on (see WIRE.md): enum names and numbers, the JSON-array shape of streaming
methods, skippedResults, and the Google error body."""

import pytest
import requests


@pytest.fixture
def rest(hearth_host, project_id, db):
    """(base URL of the documents root, database name) for this test's project, seeded
    with c/a {n: 1} and c/b {n: 2} through the real client."""
    db.collection("c").document("a").set({"n": 1})
    db.collection("c").document("b").set({"n": 2})
    base = f"http://{hearth_host}/v1/projects/{project_id}/databases/%28default%29/documents"
    with requests.Session() as session:
        session.headers["Authorization"] = "Bearer owner"
        yield session, base


def run_query(rest, structured_query):
    session, base = rest
    response = session.post(f"{base}:runQuery", json={"structuredQuery": structured_query})
    assert response.status_code == 200, response.text
    body = response.json()
    assert isinstance(body, list) and body, body
    assert all("readTime" in element for element in body)
    return body


def names(body):
    return [e["document"]["name"].rsplit("/", 1)[1] for e in body if "document" in e]


@pytest.mark.parametrize("op, direction", [(5, 2), ("EQUAL", "DESCENDING")], ids=["numbers", "names"])
def test_enums_as_numbers_or_names(rest, op, direction):
    query = {
        "from": [{"collectionId": "c"}],
        "where": {"compositeFilter": {"op": "OR" if op == "EQUAL" else 2, "filters": [
            {"fieldFilter": {"field": {"fieldPath": "n"}, "op": op, "value": {"integerValue": "1"}}},
            {"fieldFilter": {"field": {"fieldPath": "n"}, "op": op, "value": {"integerValue": "2"}}},
        ]}},
        "orderBy": [{"field": {"fieldPath": "n"}, "direction": direction}],
    }

    assert names(run_query(rest, query)) == ["b", "a"]


def test_query_without_results_is_an_array_with_one_read_time(rest):
    body = run_query(rest, {"from": [{"collectionId": "nothing"}]})

    assert len(body) == 1 and "document" not in body[0]


@pytest.mark.parametrize("offset, expected, skipped", [(1, ["b"], 1), (5, [], 2)])
def test_offset_reports_skipped_results(rest, offset, expected, skipped):
    body = run_query(rest, {"from": [{"collectionId": "c"}], "offset": offset})

    assert names(body) == expected
    assert sum(int(e.get("skippedResults", 0)) for e in body) == skipped


def test_error_body_of_a_missing_document(rest):
    session, base = rest

    response = session.get(f"{base}/c/missing")

    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == 404 and error["status"] == "NOT_FOUND" and error["message"]
