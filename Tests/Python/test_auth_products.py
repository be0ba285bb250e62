"""A user signed in to Hearth's Auth emulator is `request.auth` in Firestore's rules and `auth`
in the Realtime Database's, over REST and over SSE; a disabled user is refused there too,
and connections opened before the user was disabled or its tokens revoked lose their access
(RTDB WebSocket `ac`, RTDB SSE `auth_revoked`, Firestore SSE and gRPC UNAUTHENTICATED);
and all of it holds after a restart on the same data directory and after an export is
imported into a fresh one."""

from __future__ import annotations

import json
import time
from pathlib import Path

import grpc
import pytest
import requests
from firebase_admin import auth
from google.cloud.firestore_v1.types import firestore as firestore_types

from auth_support import AuthREST, auth_app, unsigned_id_token
from grpc_support import database_name, document_name, listen_stream
from hearth_process import HearthProcess
from rtdb_ws_client import RtdbSocket

GUARD = 30
PROJECT = "demo-hearth"
FIRESTORE_RULES = """rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{note} {
      allow read: if request.auth != null && request.auth.uid == resource.data.creatorUserId;
    }
  }
}
"""
DATABASE_RULES = {"rules": {"users": {"$uid": {".read": "auth.uid === $uid", ".write": "auth.uid === $uid"}}}}


@pytest.fixture
def rules(tmp_path) -> list[str]:
    firestore_rules = tmp_path / "firestore.rules"
    firestore_rules.write_text(FIRESTORE_RULES)
    database_rules = tmp_path / "database.rules.json"
    database_rules.write_text(json.dumps(DATABASE_RULES))
    return ["--rules", str(firestore_rules), "--database-rules", str(database_rules)]


def note_url(server: HearthProcess, note: str) -> str:
    return f"http://{server.firestore_host}/v1/projects/{PROJECT}/databases/(default)/documents/notes/{note}"


def write_note(server: HearthProcess, note: str, creator: str) -> None:
    response = requests.patch(
        note_url(server, note), json={"fields": {"creatorUserId": {"stringValue": creator}}},
        headers={"Authorization": "Bearer owner"}, timeout=GUARD)
    assert response.status_code == 200, response.text


def read_note(server: HearthProcess, note: str, token: str) -> int:
    return requests.get(note_url(server, note), headers={"Authorization": f"Bearer {token}"}, timeout=GUARD).status_code


def first_sse_event(url: str, headers: dict) -> tuple[int, str | None]:
    """The status and the first event name of an SSE stream, which is then closed."""
    with requests.get(url, headers={"Accept": "text/event-stream", **headers}, stream=True, timeout=GUARD) as response:
        if response.status_code != 200:
            return response.status_code, None
        for line in response.iter_lines(decode_unicode=True):
            if line.startswith("event: "):
                return 200, line[len("event: "):]
    return response.status_code, None


def database_url(server: HearthProcess, path: str, token: str) -> str:
    return f"http://{server.database_host}/{path}.json?ns={PROJECT}-default-rtdb&auth={token}"


def check_signed_in_user_passes_both_rules(server: HearthProcess, token: str, uid: str, other_token: str) -> None:
    write_note(server, f"by-{uid}", uid)
    assert read_note(server, f"by-{uid}", token) == 200
    assert read_note(server, f"by-{uid}", other_token) == 403
    assert first_sse_event(note_url(server, f"by-{uid}"), {"Authorization": f"Bearer {token}"}) == (200, "snapshot")
    assert first_sse_event(note_url(server, f"by-{uid}"), {"Authorization": f"Bearer {other_token}"})[0] == 403

    put = requests.put(database_url(server, f"users/{uid}", token), json={"name": uid}, timeout=GUARD)
    assert put.status_code == 200, put.text
    assert requests.put(database_url(server, f"users/{uid}", other_token), json={"name": "x"}, timeout=GUARD).status_code == 401
    assert requests.get(database_url(server, f"users/{uid}", token), timeout=GUARD).json() == {"name": uid}
    assert first_sse_event(database_url(server, f"users/{uid}", token), {}) == (200, "put")
    assert first_sse_event(database_url(server, f"users/{uid}", other_token), {})[0] == 401


def check_a_revoked_token_is_refused_with_its_own_message(server: HearthProcess, rest: AuthREST) -> None:
    """Revocation (`validSince` moved to now, in seconds) refuses tokens issued in an earlier
    second: revoke again until the token's second has passed (a deadline, no sleep), then the
    RTDB REST text is its own, not "Could not parse auth token."."""
    carol = rest.sign_up("carol@example.com", "secret1")
    url = database_url(server, f"users/{carol['localId']}", carol["idToken"])
    deadline = time.monotonic() + GUARD
    while True:
        # What firebase-admin's revoke_refresh_tokens sends: now, in seconds.
        rest.admin("update", {"localId": carol["localId"], "validSince": str(int(time.time()))})
        refused = requests.get(url, timeout=GUARD)
        if refused.status_code == 401 or time.monotonic() > deadline:
            break
    assert (refused.status_code, refused.json()) == (401, {"error": "The Firebase ID token has been revoked."})
    malformed = requests.get(database_url(server, "users/x", "not-a-token"), timeout=GUARD)
    assert (malformed.status_code, malformed.json()) == (401, {"error": "Could not parse auth token."})


def test_tokens_pass_the_rules_of_both_products_and_survive_a_restart(tmp_path, rules):
    data = tmp_path / "data"
    first = HearthProcess(data, *rules)
    try:
        rest = AuthREST(first.auth_host, PROJECT)
        alice = rest.sign_up("alice@example.com", "secret1")
        bob = rest.sign_up("bob@example.com", "secret1")
        check_signed_in_user_passes_both_rules(first, alice["idToken"], alice["localId"], bob["idToken"])

        # A disabled user's token is refused by both products (the Auth emulator's check).
        rest.admin("update", {"localId": bob["localId"], "disableUser": True})
        write_note(first, "by-bob", bob["localId"])
        assert read_note(first, "by-bob", bob["idToken"]) == 401
        refused = requests.get(database_url(first, f"users/{bob['localId']}", bob["idToken"]), timeout=GUARD)
        assert (refused.status_code, refused.json()) == (401, {"error": "The user account has been disabled by an administrator."})
        rest.admin("update", {"localId": bob["localId"], "disableUser": False})
        check_a_revoked_token_is_refused_with_its_own_message(first, rest)
        rest.close()
    finally:
        assert first.stop() == 0

    second = HearthProcess(data, *rules)
    try:
        rest = AuthREST(second.auth_host, PROJECT)
        again = rest.sign_in("alice@example.com", "secret1")
        assert again["localId"] == alice["localId"], "accounts are durable"
        check_signed_in_user_passes_both_rules(second, alice["idToken"], alice["localId"], bob["idToken"])
        rest.close()
    finally:
        assert second.stop() == 0


def test_an_exported_user_signs_in_after_import(tmp_path, rules):
    export = tmp_path / "export"
    first = HearthProcess(tmp_path / "one", "--export-on-exit", str(export))
    try:
        rest = AuthREST(first.auth_host, PROJECT)
        user = rest.sign_up("carol@example.com", "secret1")
        rest.call("PATCH", f"/emulator/v1/projects/{PROJECT}/config", {"signIn": {"allowDuplicateEmails": True}})
        rest.close()
    finally:
        assert first.stop() == 0
    accounts = json.loads((export / "auth_export" / "accounts.json").read_text())
    assert [account["email"] for account in accounts["users"]] == ["carol@example.com"]
    assert json.loads((export / "auth_export" / "config.json").read_text())["signIn"] == {"allowDuplicateEmails": True}

    second = HearthProcess(tmp_path / "two", "--import", str(export), *rules)
    try:
        rest = AuthREST(second.auth_host, PROJECT)
        signed_in = rest.sign_in("carol@example.com", "secret1")
        assert signed_in["localId"] == user["localId"]
        assert rest.call("GET", f"/emulator/v1/projects/{PROJECT}/config")["signIn"] == {"allowDuplicateEmails": True}
        other = rest.sign_up("dave@example.com", "secret1")
        check_signed_in_user_passes_both_rules(second, signed_in["idToken"], signed_in["localId"], other["idToken"])
        rest.close()
    finally:
        assert second.stop() == 0


def test_an_emulator_suite_export_imports_unchanged(tmp_path):
    """`firebase emulators:export` writes firebase-export-metadata.json and auth_export/."""
    export = tmp_path / "suite-export"
    (export / "auth_export").mkdir(parents=True)
    (export / "firebase-export-metadata.json").write_text(json.dumps(
        {"version": "13.0.0", "auth": {"version": "13.0.0", "path": "auth_export"}}))
    (export / "auth_export" / "config.json").write_text(json.dumps(
        {"signIn": {"allowDuplicateEmails": False}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}))
    (export / "auth_export" / "accounts.json").write_text(json.dumps({"kind": "identitytoolkit#DownloadAccountResponse", "users": [{
        "localId": "suite-user-1", "createdAt": "1700000000000", "lastLoginAt": "1700000000000",
        "passwordHash": "fakeHash:salt=fakeSaltAbc:password=fromsuite", "salt": "fakeSaltAbc", "passwordUpdatedAt": 1700000000000,
        "providerUserInfo": [{"providerId": "password", "email": "suite@example.com", "federatedId": "suite@example.com", "rawId": "suite@example.com"}],
        "validSince": "1700000000", "email": "suite@example.com", "emailVerified": False, "disabled": False,
    }]}))
    server = HearthProcess(tmp_path / "data", "--import", str(export))
    try:
        rest = AuthREST(server.auth_host, PROJECT)
        assert rest.sign_in("suite@example.com", "fromsuite")["localId"] == "suite-user-1"
        rest.close()
    finally:
        assert server.stop() == 0


def test_acknowledged_sign_ups_survive_kill_9(tmp_path):
    """An answered sign-up, config change and tenant are on disk: SIGKILL loses none of them."""
    data = tmp_path / "data"
    first = HearthProcess(data)
    rest = AuthREST(first.auth_host, PROJECT)
    users = [rest.sign_up(f"k{index}@example.com", "secret1")["localId"] for index in range(20)]
    rest.call("PATCH", f"/emulator/v1/projects/{PROJECT}/config", {"emailPrivacyConfig": {"enableImprovedEmailPrivacy": True}})
    tenant = rest.call("POST", f"/identitytoolkit.googleapis.com/v2/projects/{PROJECT}/tenants",
                       {"displayName": "Team", "allowPasswordSignup": True}, owner=True)
    rest.close()
    first.proc.kill()
    first.proc.wait()
    first.proc.stdout.close()

    second = HearthProcess(data)
    try:
        rest = AuthREST(second.auth_host, PROJECT)
        for index, uid in enumerate(users):
            assert rest.sign_in(f"k{index}@example.com", "secret1")["localId"] == uid
        assert rest.sign_in("nobody@example.com", "secret1", expect_error=True).message == "INVALID_LOGIN_CREDENTIALS", \
            "improved e-mail privacy is still on"
        listed = rest.call("GET", f"/identitytoolkit.googleapis.com/v2/projects/{PROJECT}/tenants", owner=True)["tenants"]
        assert [(t["tenantId"], t["displayName"]) for t in listed] == [(tenant["tenantId"], "Team")]
        rest.close()
    finally:
        assert second.stop() == 0


# ---------------------------------------------------------------------------------------------
# Connections opened before the change lose their access (issues 16 and 17)
# ---------------------------------------------------------------------------------------------

DISABLED_TEXT = "The user account has been disabled by an administrator."
REVOKED_TEXT = "The Firebase ID token has been revoked."


@pytest.fixture
def server(tmp_path, rules):
    process = HearthProcess(tmp_path / "data", *rules)
    yield process
    assert process.stop() == 0


def signed_up_user(server: HearthProcess, email: str, change: str) -> tuple[str, str]:
    """A new user's uid and an ID token that `change` will refuse: the sign-up's own token to
    be disabled; to be revoked, one issued a minute ago, the account's `validSince` moved
    back two (revocation refuses tokens issued before its second, and the sign-up's token and
    `validSince` are of this second: no waiting for the clock)."""
    rest = AuthREST(server.auth_host, PROJECT)
    user = rest.sign_up(email, "secret1")
    uid = user["localId"]
    token = user["idToken"]
    if change == "revoke":
        now = int(time.time())
        rest.admin("update", {"localId": uid, "validSince": str(now - 120)})
        token = unsigned_id_token(uid, PROJECT, now - 60)
    rest.close()
    return uid, token


def apply_change(server: HearthProcess, uid: str, change: str) -> None:
    """What an admin does with firebase-admin: disable the user, or revoke its tokens."""
    app = auth_app(server.auth_host, PROJECT)
    if change == "disable":
        auth.update_user(uid, disabled=True, app=app)
    else:
        auth.revoke_refresh_tokens(uid, app=app)


def sse_events(response):
    """(event, data) of each server-sent event of `response`, until the server ends it; fails
    once the guard has passed (keep-alives arrive meanwhile, so a stream that never ends is
    caught at the next one)."""
    deadline = time.monotonic() + GUARD
    event, data = None, []
    for line in response.iter_lines(decode_unicode=True):
        assert time.monotonic() < deadline, "the stream did not end within the guard"
        if line.startswith("event: "):
            event = line[len("event: "):]
        elif line.startswith("data: "):
            data.append(line[len("data: "):])
        elif line == "" and event is not None:
            yield event, "\n".join(data)
            event, data = None, []


CHANGES = [("disable", "invalid_token", DISABLED_TEXT), ("revoke", "expired_token", REVOKED_TEXT)]


@pytest.mark.parametrize(("change", "status", "explanation"), CHANGES)
def test_a_websocket_authenticated_before_loses_its_auth_with_ac(server, change, status, explanation):
    uid, token = signed_up_user(server, f"ws-{change}@example.com", change)
    socket = RtdbSocket(server.database_host, f"{PROJECT}-default-rtdb")
    try:
        assert socket.auth(token)["s"] == "ok"
        assert socket.listen(f"/users/{uid}")["s"] == "ok"
        assert socket.next_push()["a"] == "d"
        apply_change(server, uid, change)
        revoked = socket.push_where(lambda p: p["a"] == "ac", "the ac push")
        assert revoked["b"] == {"s": status, "d": explanation}
        # The connection goes on unauthenticated: its listen is revoked, its writes denied, and
        # the same token is refused again with the status the SDK acts on.
        assert socket.push_where(lambda p: p["a"] == "c", "the c push")["b"] == {"p": f"users/{uid}"}
        assert socket.put(f"/users/{uid}", 1)["s"] == "permission_denied"
        assert socket.auth(token) == {"s": status, "d": explanation}
    finally:
        socket.close()


@pytest.mark.parametrize(("change", "status", "explanation"), CHANGES)
def test_an_rtdb_stream_opened_before_gets_auth_revoked_and_its_reconnect_says_why(server, change, status, explanation):
    uid, token = signed_up_user(server, f"sse-{change}@example.com", change)
    url = database_url(server, f"users/{uid}", token)
    with requests.get(url, headers={"Accept": "text/event-stream"}, stream=True, timeout=GUARD) as response:
        assert response.status_code == 200
        events = sse_events(response)
        assert next(events)[0] == "put"
        apply_change(server, uid, change)
        rest_of_stream = [event for event in events if event[0] != "keep-alive"]
    assert rest_of_stream == [("auth_revoked", "credential is no longer valid")]
    refused = requests.get(url, headers={"Accept": "text/event-stream"}, timeout=GUARD)
    assert (refused.status_code, refused.json()) == (401, {"error": explanation})


@pytest.mark.parametrize("change", ["disable", "revoke"])
def test_a_firestore_sse_listen_opened_before_ends_with_unauthenticated(server, change):
    uid, token = signed_up_user(server, f"listen-{change}@example.com", change)
    write_note(server, f"by-{uid}", uid)
    headers = {"Accept": "text/event-stream", "Authorization": f"Bearer {token}"}
    with requests.get(note_url(server, f"by-{uid}"), headers=headers, stream=True, timeout=GUARD) as response:
        assert response.status_code == 200
        events = sse_events(response)
        assert next(events)[0] == "snapshot"
        apply_change(server, uid, change)
        rest_of_stream = list(events)
    assert [event for event, _ in rest_of_stream] == ["error"]
    error = json.loads(rest_of_stream[0][1])["error"]
    assert error["status"] == "UNAUTHENTICATED"
    assert ("is disabled" if change == "disable" else "was revoked") in error["message"]
    assert read_note(server, f"by-{uid}", token) == 401


@pytest.mark.parametrize("change", ["disable", "revoke"])
def test_a_grpc_listen_opened_before_ends_with_unauthenticated(server, change):
    uid, token = signed_up_user(server, f"grpc-{change}@example.com", change)
    write_note(server, f"by-{uid}", uid)
    stream = listen_stream(server.firestore_host, PROJECT, token)
    try:
        target = firestore_types.Target(
            documents=firestore_types.Target.DocumentsTarget(documents=[document_name(PROJECT, f"notes/by-{uid}")]), target_id=1)
        stream.send(firestore_types.ListenRequest(database=database_name(PROJECT), add_target=target))
        # The target is served: its document arrives (after ADD) before the change.
        while not stream.next().document_change.document.name:
            pass
        apply_change(server, uid, change)
        with pytest.raises(grpc.RpcError) as ended:
            while stream.next() is not None:
                pass
        assert ended.value.code() == grpc.StatusCode.UNAUTHENTICATED
        assert ("is disabled" if change == "disable" else "was revoked") in ended.value.details()
    finally:
        stream.close()
