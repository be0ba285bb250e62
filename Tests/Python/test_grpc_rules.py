"""The Firestore rules test files (rules/*.test.json, which `hearth rules test` runs through
the service the REST routes call) replayed case by case over gRPC, with the real
google-cloud-firestore client presenting each case's user as an ID token: every case must
get the same verdict ("allow" or "deny") as the file expects, so gRPC enforces the rules
exactly as REST does.

Each case runs on a project of its own: the file's seed (and the case's) is written as the
owner, then the operation is sent as the case's user against a server started with
``--rules rules/firestore.rules``.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import json
import math
import tempfile
from pathlib import Path

import pytest
from google.api_core import exceptions
from google.cloud import firestore
from google.cloud.firestore_v1 import And, FieldFilter, Or
from google.cloud.firestore_v1._helpers import GeoPoint

from grpc_support import grpc_client
from hearth_process import HearthProcess
from rtdb_support import mint_token

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
RULES = RULES_DIR / "firestore.rules"


def _files():
    for path in sorted(RULES_DIR.glob("*.test.json")):
        document = json.loads(path.read_text())
        if document.get("rules") == "firestore.rules":
            yield path, document


CASES = [
    pytest.param(document, case, id=f"{path.stem}: {case['name']}")
    for path, document in _files()
    for case in document["cases"]
]


@pytest.fixture(scope="module")
def rules_server():
    """A server enforcing rules/firestore.rules for every project."""
    with tempfile.TemporaryDirectory(prefix="hearth-py-rules-") as data_dir:
        server = HearthProcess(data_dir, "--rules", str(RULES))
        yield server
        assert server.stop() == 0, server.stderr_text()


def _value(client: firestore.Client, value):
    """A test file's JSON value (README "Rules test files": tagged values) as a Python value."""
    if isinstance(value, list):
        return [_value(client, item) for item in value]
    if not isinstance(value, dict):
        return value
    if len(value) == 1:
        (tag, tagged), = value.items()
        if tag == "__time__":
            return datetime.datetime.fromisoformat(tagged.replace("Z", "+00:00"))
        if tag == "__ref__":
            return client.document(tagged)
        if tag == "__bytes__":
            return base64.b64decode(tagged)
        if tag == "__geo__":
            return GeoPoint(*tagged)
        if tag == "__double__":
            return float(tagged) if not isinstance(tagged, str) else {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[tagged]
        if tag == "__repeat__":
            return tagged[0] * tagged[1]
        if tag == "__serverTimestamp__":
            return firestore.SERVER_TIMESTAMP
        if tag == "__delete__":
            return firestore.DELETE_FIELD
        assert tag != "__value__", "raw REST values are not replayed over gRPC"
    return {key: _value(client, item) for key, item in value.items()}


def _token(auth, project: str) -> str | None:
    if auth is None:
        return None
    if isinstance(auth, str):
        return mint_token(auth, project)
    return mint_token(auth["uid"], project, **auth.get("claims", {}))


_OPS = {"array-contains": "array_contains", "array-contains-any": "array_contains_any"}


def _filter(client, collection: str, condition):
    if isinstance(condition, dict):
        (kind, conditions), = condition.items()
        children = [_filter(client, collection, child) for child in conditions]
        return Or(children) if kind == "or" else And(children)
    field, op, value = condition
    value = _value(client, value)
    if field == "__name__" and isinstance(value, str):
        value = client.document(value if "/" in value else f"{collection}/{value}")
    return FieldFilter(field, _OPS.get(op, op), value)


def _query(client, path: str, spec: dict):
    query = client.collection_group(path) if spec.get("collectionGroup") else client.collection(path)
    for condition in spec.get("where", []):
        query = query.where(filter=_filter(client, path, condition))
    order_by = spec.get("orderBy", [])
    for order in [order_by] if isinstance(order_by, str) else order_by:
        field, _, direction = order.partition(" ")
        query = query.order_by(field, direction=firestore.Query.DESCENDING if direction == "desc" else firestore.Query.ASCENDING)
    if "limit" in spec:
        query = query.limit(spec["limit"])
    if "offset" in spec:
        query = query.offset(spec["offset"])
    return query


def _write(client, target, write: dict):
    """One write of a case on a WriteBatch or Transaction `target`."""
    ref = client.document(write["path"])
    data = _value(client, write.get("data", {}))
    operation = write["operation"]
    if operation == "create":
        target.create(ref, data)
    elif operation == "set":
        target.set(ref, data)
    elif operation == "merge":
        target.set(ref, data, merge=True)
    elif operation == "update":
        target.update(ref, data)
    elif operation == "delete":
        target.delete(ref)
    else:
        raise AssertionError(f"unknown write operation {operation}")


def _run(client, case: dict) -> None:
    operation = case["operation"]
    if operation == "get":
        client.document(case["path"]).get()
    elif operation == "list":
        _query(client, case["path"], case.get("query", {})).get()
    elif operation == "batch" and case.get("transaction"):
        transaction = client.transaction()

        @firestore.transactional
        def commit(transaction):
            for write in case["writes"]:
                _write(client, transaction, write)

        commit(transaction)
    else:
        batch = client.batch()
        for write in case["writes"] if operation == "batch" else [case]:
            _write(client, batch, write)
        batch.commit()


@pytest.mark.parametrize("document, case", CASES)
def test_case_gets_the_same_verdict_over_grpc(rules_server, document, case):
    project = "demo-rules-" + hashlib.sha1(f"{document['description']}|{case['name']}".encode()).hexdigest()[:12]
    owner = grpc_client(rules_server.firestore_host, project)
    user = grpc_client(rules_server.firestore_host, project, token=_token(case.get("auth"), project))
    try:
        seed = owner.batch()
        for path, fields in {**document.get("seed", {}), **case.get("seed", {})}.items():
            seed.set(owner.document(path), _value(owner, fields))
        seed.commit()
        try:
            _run(user, case)
            verdict = "allow"
        except exceptions.PermissionDenied:
            verdict = "deny"
        assert verdict == case["expect"], f"{case['name']}: expected {case['expect']}, got {verdict}"
    finally:
        owner.close()
        user.close()
