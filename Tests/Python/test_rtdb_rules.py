"""Realtime Database rules seen through firebase-admin's `databaseAuthVariableOverride`.

Rules are uploaded per namespace with `PUT /.settings/rules.json` as `Bearer owner`
(rtdb.md §9). An app with the override sends `auth_variable_override=<json>` on every
request, streams included, and the server evaluates rules with that `auth`
(rtdb.md §1.9, §8.3). A denial is 401 `{"error" : "Permission denied"}`, which
firebase-admin raises as UnauthenticatedError (rtdb.md §1.7).
"""

import json

import pytest
import requests
from firebase_admin import db, exceptions

from rtdb_support import EventQueue, admin_event, close_listener, mint_token

RULES = {
    "rules": {
        "users": {
            "$uid": {
                ".read": "auth != null && auth.uid == $uid",
                ".write": "auth != null && auth.uid == $uid",
                "age": {".validate": "newData.isNumber() && newData.val() >= 0"},
            }
        },
        "public": {".read": True, ".write": "auth != null"},
        "admins-only": {".write": "auth.token.admin == true", ".read": "auth.token.admin == true"},
    }
}


@pytest.fixture
def ruled_namespace(rtdb_owner, rtdb_namespace):
    rtdb_owner.put_rules(rtdb_namespace, RULES)
    return rtdb_namespace


def as_user(make_admin_app, namespace, override):
    return db.reference("/", app=make_admin_app(namespace, databaseAuthVariableOverride=override))


def assert_denied(action):
    with pytest.raises(exceptions.UnauthenticatedError) as info:
        action()
    assert str(info.value) == "Permission denied"
    assert info.value.http_response.status_code == 401


def test_allowed_write_and_read_with_override(make_admin_app, ruled_namespace):
    alice = as_user(make_admin_app, ruled_namespace, {"uid": "alice"})

    alice.child("users/alice").set({"name": "Alice", "age": 30})
    alice.child("users/alice").update({"age": 31})

    assert alice.child("users/alice").get() == {"name": "Alice", "age": 31}


def test_denied_write_raises_unauthenticated_permission_denied(make_admin_app, ruled_namespace):
    alice = as_user(make_admin_app, ruled_namespace, {"uid": "alice"})
    admin = db.reference("/", app=make_admin_app(ruled_namespace))

    assert_denied(lambda: alice.child("users/bob").set({"name": "not Bob"}))
    assert_denied(lambda: alice.child("users").update({"alice/name": "A", "bob/name": "B"}))  # all or nothing
    assert_denied(lambda: alice.child("users/bob").push("x"))
    assert_denied(lambda: alice.child("users/bob").delete())

    assert admin.child("users").get() is None  # nothing was written, not even users/alice


def test_denied_read_and_query(make_admin_app, ruled_namespace):
    admin = db.reference("/", app=make_admin_app(ruled_namespace))
    admin.child("users/bob").set({"name": "Bob", "age": 40})
    alice = as_user(make_admin_app, ruled_namespace, {"uid": "alice"})

    assert_denied(lambda: alice.child("users/bob").get())
    assert_denied(lambda: alice.child("users/bob").get(etag=True))
    assert_denied(lambda: alice.child("users").get(shallow=True))  # rules are not filters
    assert_denied(lambda: alice.child("users").order_by_key().limit_to_first(1).get())


def test_validate_rule_failure_is_permission_denied(make_admin_app, ruled_namespace):
    alice = as_user(make_admin_app, ruled_namespace, {"uid": "alice"})

    assert_denied(lambda: alice.child("users/alice").set({"age": -1}))
    assert_denied(lambda: alice.child("users/alice/age").set("old"))
    alice.child("users/alice/age").set(7)
    assert alice.child("users/alice/age").get() == 7


def test_null_override_is_unauthenticated(make_admin_app, ruled_namespace):
    anonymous = as_user(make_admin_app, ruled_namespace, None)
    admin = db.reference("/", app=make_admin_app(ruled_namespace))
    admin.child("public/notice").set("hello")

    assert anonymous.child("public/notice").get() == "hello"
    assert_denied(lambda: anonymous.child("public/notice").set("defaced"))
    assert_denied(lambda: anonymous.child("users/alice").get())


def test_custom_claims_in_override(make_admin_app, ruled_namespace):
    boss = as_user(make_admin_app, ruled_namespace, {"uid": "boss", "token": {"admin": True}})
    alice = as_user(make_admin_app, ruled_namespace, {"uid": "alice"})

    boss.child("admins-only/setting").set(1)
    assert boss.child("admins-only/setting").get() == 1
    assert_denied(lambda: alice.child("admins-only/setting").set(2))


def test_admin_without_override_bypasses_rules(make_admin_app, ruled_namespace):
    admin = db.reference("/", app=make_admin_app(ruled_namespace))

    admin.child("users/anyone").set({"age": -5})  # not even .validate applies
    assert admin.get() == {"users": {"anyone": {"age": -5}}}


def test_transaction_with_override(make_admin_app, ruled_namespace):
    alice = as_user(make_admin_app, ruled_namespace, {"uid": "alice"})

    assert alice.child("users/alice/age").transaction(lambda age: (age or 0) + 1) == 1
    assert_denied(lambda: alice.child("users/bob/age").transaction(lambda age: (age or 0) + 1))


def test_listen_with_override_is_checked_at_open(make_admin_app, ruled_namespace):
    alice = as_user(make_admin_app, ruled_namespace, {"uid": "alice"})
    alice.child("users/alice").set({"age": 1})

    assert_denied(lambda: alice.child("users/bob").listen(lambda event: None))

    events = EventQueue(admin_event)
    registration = alice.child("users/alice").listen(events)
    try:
        assert events.next("the initial put") == ("put", "/", {"age": 1})
    finally:
        close_listener(registration)


def test_denial_explains_itself_in_a_header(rtdb_owner, ruled_namespace):
    response = rtdb_owner.request(
        "PUT",
        "/users/bob.json",
        params={"ns": ruled_namespace, "auth_variable_override": json.dumps({"uid": "alice"})},
        data=b'{"name":"x"}',
    )

    assert response.status_code == 401
    assert response.json() == {"error": "Permission denied"}
    assert response.headers.get("X-Hearth-Explanation")


def test_rules_upload_is_admin_only(database_host, rtdb_namespace):
    response = requests.put(
        f"http://{database_host}/.settings/rules.json",
        params={"ns": rtdb_namespace},
        data=json.dumps({"rules": {".read": True, ".write": True}}),
        timeout=60,
    )

    assert response.status_code == 401
    assert response.json() == {"error": "Permission denied"}


def test_stream_that_loses_read_access_gets_cancel_then_ends(rtdb_owner, rtdb_namespace, database_host):
    """rtdb.md §4.3: `cancel` with data `null` (both Python clients drop it; any other data
    kills their listener), then the server ends the stream. Read raw, as the clients hide it."""
    rtdb_owner.put_rules(rtdb_namespace, {"rules": {"doc": {".read": "auth != null", ".write": "auth != null"}}})
    with requests.get(
        f"http://{database_host}/doc.json",
        params={"ns": rtdb_namespace, "auth": mint_token("alice")},
        headers={"Accept": "text/event-stream"},
        stream=True,
        timeout=30,
    ) as response:
        assert response.status_code == 200
        lines = response.iter_lines(decode_unicode=True)
        assert [next(lines), next(lines), next(lines)] == ["event: put", 'data: {"path":"/","data":null}', ""]

        rtdb_owner.put_rules(rtdb_namespace, {"rules": {"doc": {".read": False}}})

        rest = []
        for line in lines:  # ends when the server ends the stream; the cap guards a server that never does
            rest.append(line)
            assert len(rest) < 300, f"no cancel: {rest[-12:]}"
        events, current = [], []
        for line in rest:  # an event is its lines up to a blank line
            if line:
                current.append(line)
            else:
                events.append(current)
                current = []
        assert current == [], f"unterminated event: {rest}"
        assert [event for event in events if event != ["event: keep-alive", "data: null"]] == [
            ["event: cancel", "data: null"]
        ], rest
