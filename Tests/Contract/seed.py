"""The data the contract run puts into Hearth, through its real API, before testing it.

Firestore: cities (every value type among them), subcollections, a document that exists only
as the parent of a subcollection (for showMissing), a second database and a second project.
Realtime Database: users, scores (for queries), priorities, arrays, a second namespace.

Seeding only writes (PATCH / PUT), so it can run again to restore the data between phases.
The names here are also what `hooks.py` offers schemathesis as path parameters, so generated
requests reach stored data and not only 404s.
"""

from __future__ import annotations

import base64

import requests

PROJECT = "demo-hearth"
DATABASE = "(default)"
OTHER_DATABASE = "contract-other"
OTHER_PROJECT = "demo-contract"
OWNER = {"Authorization": "Bearer owner"}

EVERY_VALUE = {
    "nothing": {"nullValue": None},
    "yes": {"booleanValue": True},
    "count": {"integerValue": "-9223372036854775808"},
    "ratio": {"doubleValue": 0.25},
    "notANumber": {"doubleValue": "NaN"},
    "infinity": {"doubleValue": "Infinity"},
    "when": {"timestampValue": "2024-05-01T12:30:00.123456Z"},
    "text": {"stringValue": "héllo, wörld ✓"},
    "blob": {"bytesValue": base64.b64encode(b"\x00\x01\xfe\xff").decode()},
    "ref": {"referenceValue": f"projects/{PROJECT}/databases/{DATABASE}/documents/cities/SF"},
    "where": {"geoPointValue": {"latitude": 37.77, "longitude": -122.42}},
    "list": {"arrayValue": {"values": [{"integerValue": "1"}, {"stringValue": "two"}, {"nullValue": None}]}},
    "emptyList": {"arrayValue": {}},
    "nested": {
        "mapValue": {
            "fields": {
                "inner": {"mapValue": {"fields": {"deep": {"booleanValue": False}}}},
                "tags": {"arrayValue": {"values": [{"stringValue": "a"}, {"stringValue": "b"}]}},
            }
        }
    },
    "emptyMap": {"mapValue": {}},
}


def _city(name: str, state: str, population: int, capital: bool, regions: list[str]) -> dict:
    return {
        "name": {"stringValue": name},
        "state": {"stringValue": state},
        "population": {"integerValue": str(population)},
        "density": {"doubleValue": population / 1000.0},
        "capital": {"booleanValue": capital},
        "regions": {"arrayValue": {"values": [{"stringValue": r} for r in regions]}},
    }


# Document path (under .../documents/) -> fields.
DOCUMENTS: dict[str, dict] = {
    "cities/SF": _city("San Francisco", "CA", 860000, False, ["west_coast", "norcal"]),
    "cities/LA": _city("Los Angeles", "CA", 3900000, False, ["west_coast", "socal"]),
    "cities/DC": _city("Washington, D.C.", "DC", 680000, True, ["east_coast"]),
    "cities/TOK": _city("Tokyo", "", 9000000, True, ["kanto", "honshu"]),
    "cities/BJ": _city("Beijing", "", 21500000, True, ["jingjinji", "hebei"]),
    "cities/SF/landmarks/golden-gate": {"name": {"stringValue": "Golden Gate Bridge"}, "type": {"stringValue": "bridge"}},
    "cities/SF/landmarks/legion": {"name": {"stringValue": "Legion of Honor"}, "type": {"stringValue": "museum"}},
    "cities/TOK/landmarks/national-museum": {"name": {"stringValue": "National Museum"}, "type": {"stringValue": "museum"}},
    "types/all": EVERY_VALUE,
    "types/empty": {},
    "rooms/r1": {"topic": {"stringValue": "general"}},
    "rooms/r1/messages/m1": {"text": {"stringValue": "hello"}, "sent": {"timestampValue": "2024-01-01T00:00:00Z"}, "likes": {"integerValue": "3"}},
    "rooms/r1/messages/m2": {"text": {"stringValue": "hi!"}, "sent": {"timestampValue": "2024-01-01T00:01:00Z"}, "likes": {"integerValue": "0"}},
    "rooms/r1/messages/m3": {"text": {"stringValue": "bye"}, "sent": {"timestampValue": "2024-01-01T00:02:00Z"}, "likes": {"doubleValue": 1.5}},
    # regions/west does not exist: only its subcollection does (ListDocuments showMissing).
    "regions/west/cities/SEA": _city("Seattle", "WA", 750000, False, ["west_coast"]),
}

# Each city's latitude and longitude as a vector, for findNearest.
for _path, (_latitude, _longitude) in {
    "cities/SF": (37.77, -122.42), "cities/LA": (34.05, -118.24), "cities/DC": (38.91, -77.04),
    "cities/TOK": (35.68, 139.69), "cities/BJ": (39.90, 116.41),
}.items():
    DOCUMENTS[_path]["location"] = {
        "mapValue": {"fields": {
            "__type__": {"stringValue": "__vector__"},
            "value": {"arrayValue": {"values": [{"doubleValue": _latitude}, {"doubleValue": _longitude}]}},
        }}
    }

# Collections and documents offered to schemathesis as `{path}` (all exist after seeding).
DOCUMENT_PATHS = sorted(DOCUMENTS)
COLLECTION_PATHS = sorted({p.rsplit("/", 1)[0] for p in DOCUMENTS})

RTDB_DATA = {
    "users": {
        "alice": {"name": "Alice", "age": 31, "admin": True, "tags": ["a", "b"]},
        "bob": {"name": "Bob", "age": 25, "admin": False, ".priority": 2},
        "carol": {"name": "Carol", "age": 47, "nickname": None, "score": 1.5},
    },
    "scores": {"alice": 90, "bob": 72, "carol": 72, "dave": 100, "erin": {".value": 55, ".priority": "p"}},
    "messages": {"-Nxa00000000000000001": {"text": "hi", "user": "alice"}, "-Nxa00000000000000002": {"text": "yo", "user": "bob"}},
    "list": ["zero", "one", "two"],
    "flags": {"on": True, "off": False},
    "text": "plain string",
}
RTDB_PATHS = ["users", "users/alice", "users/bob/name", "scores", "messages", "list", "list/1", "flags", "text"]
OTHER_NAMESPACE = "contract-other"


def documents_url(firestore: str, project: str = PROJECT, database: str = DATABASE) -> str:
    return f"{firestore}/v1/projects/{project}/databases/{requests.utils.quote(database, safe='')}/documents"


def _check(response: requests.Response) -> None:
    if not response.ok:
        raise RuntimeError(f"seeding failed: {response.request.method} {response.url}: {response.status_code} {response.text}")


def seed(firestore: str, database: str, session: requests.Session | None = None) -> None:
    """Writes (or rewrites) all the data; `firestore` and `database` are base URLs."""
    http = session or requests.Session()
    for project, db in ((PROJECT, DATABASE), (PROJECT, OTHER_DATABASE), (OTHER_PROJECT, DATABASE)):
        base = documents_url(firestore, project, db)
        writes = [
            {"update": {"name": f"projects/{project}/databases/{db}/documents/{path}", "fields": fields}}
            for path, fields in DOCUMENTS.items()
        ]
        _check(http.post(f"{base}:commit", json={"writes": writes}, headers=OWNER, timeout=30))
    _check(http.put(f"{database}/.json", json=RTDB_DATA, headers=OWNER, timeout=30))
    _check(http.put(f"{database}/.json", params={"ns": OTHER_NAMESPACE}, json={"hello": "world"}, headers=OWNER, timeout=30))


# The accounts the Auth examples in openapi.yaml name (their ID and refresh tokens are static:
# unsigned, for `contract-user` of demo-hearth), made again before each phase.
AUTH_USERS = [
    {"localId": "contract-user", "email": "contract@example.com", "rawPassword": "secret1", "emailVerified": True,
     "mfaInfo": [{"mfaEnrollmentId": "contract-factor", "phoneInfo": "+15555550198"},
                 {"mfaEnrollmentId": "contract-factor-2", "phoneInfo": "+15555550199"}]},
    {"localId": "contract-delete", "email": "delete@example.com", "rawPassword": "secret1"},
    {"localId": "contract-v3-delete", "email": "v3-delete@example.com", "rawPassword": "secret1"},
    {"localId": "contract-admin-delete", "email": "admin-delete@example.com"},
    {"localId": "contract-batch-delete", "email": "batch-delete@example.com"},
]


def seed_auth(auth: str, session: requests.Session | None = None) -> None:
    """Replaces the default project's accounts with AUTH_USERS (an apple.com account too, for
    the fake IdP's chooser)."""
    http = session or requests.Session()
    _check(http.delete(f"{auth}/emulator/v1/projects/{PROJECT}/accounts", timeout=30))
    _check(http.post(f"{auth}/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:batchCreate",
                     json={"users": AUTH_USERS}, headers=OWNER, timeout=30))
    _check(http.post(f"{auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp", params={"key": "fake-api-key"},
                     json={"requestUri": "http://localhost", "returnSecureToken": True,
                           "postBody": 'id_token={"sub":"apple-seeded","email":"seeded@example.com","name":"Seeded"}&providerId=apple.com'},
                     timeout=30))
