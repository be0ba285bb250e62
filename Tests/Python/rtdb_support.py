"""Helpers for the Realtime Database tests (firebase-admin `db` and Pyrebase4 against Hearth).

Nothing here waits by sleeping: events are collected in queues and waited for with a
timeout that only guards against a hung server.
"""

from __future__ import annotations

import base64
import copy
import itertools
import json
import queue
import threading
import time

import firebase_admin
import requests
from firebase_admin import credentials

# Guards against a hung server or a lost event, not assertions about speed.
GUARD_SECONDS = 30
HTTP_TIMEOUT_SECONDS = 60

PUSH_ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"

_app_numbers = itertools.count()


# --------------------------------------------------------------------------------------
# Credentials
# --------------------------------------------------------------------------------------


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def mint_token(uid: str, project: str = "demo-hearth", **claims) -> str:
    """An unsigned ID token shaped like the emulator suite's (rtdb.md §9):
    base64url(header) "." base64url(payload) "." with an empty signature."""
    now = int(time.time())
    payload = {
        "iss": f"https://securetoken.google.com/{project}",
        "aud": project,
        "iat": now,
        "exp": now + 3600,
        "auth_time": now,
        "sub": uid,
        "user_id": uid,
        "firebase": {"sign_in_provider": "custom", "identities": {}},
        **claims,
    }
    header = {"alg": "none", "typ": "JWT"}
    return f"{_b64url(json.dumps(header).encode())}.{_b64url(json.dumps(payload).encode())}."


class NoCredential(credentials.Base):
    """In emulator mode firebase-admin never asks the app credential for a token; if it
    does, emulator mode was not detected and the client would talk to Google."""

    def get_credential(self):
        raise AssertionError("firebase-admin asked for a production credential: emulator mode not detected")


def admin_app(database_url: str, **options) -> firebase_admin.App:
    """A firebase-admin App of its own (unique name) for `database_url`."""
    return firebase_admin.initialize_app(
        NoCredential(),
        {"databaseURL": database_url, "projectId": "demo-hearth", **options},
        name=f"rtdb-test-{next(_app_numbers)}",
    )


def pyrebase_config(database_host: str) -> dict:
    """What a Pyrebase user writes: no serviceAccount, databaseURL pointing at Hearth."""
    return {
        "apiKey": "fake-api-key",
        "authDomain": "demo-hearth.firebaseapp.com",
        "databaseURL": f"http://{database_host}",
        "storageBucket": "demo-hearth.appspot.com",
    }


class Owner:
    """Plain requests as the emulator admin (`Authorization: Bearer owner`), for what the
    clients have no API for: uploading rules, reading raw responses."""

    def __init__(self, host: str):
        self.base = f"http://{host}"
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer owner"

    def put_rules(self, namespace: str | None, rules) -> None:
        body = rules if isinstance(rules, str) else json.dumps(rules)
        params = {"ns": namespace} if namespace else {}
        response = self.session.put(
            f"{self.base}/.settings/rules.json", params=params, data=body.encode(), timeout=HTTP_TIMEOUT_SECONDS
        )
        assert response.status_code == 200, f"rules upload failed: {response.status_code} {response.text}"

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", HTTP_TIMEOUT_SECONDS)
        return self.session.request(method, f"{self.base}{path}", **kwargs)

    def close(self) -> None:
        self.session.close()


# --------------------------------------------------------------------------------------
# Streams
# --------------------------------------------------------------------------------------


class EventQueue:
    """Collects stream events from a client callback (called on the client's thread)."""

    def __init__(self, convert=lambda event: event):
        self._convert = convert
        self._queue: queue.Queue = queue.Queue()
        self.received: list = []

    def __call__(self, event) -> None:
        self._queue.put(self._convert(event))

    def next(self, what: str = "an event"):
        try:
            item = self._queue.get(timeout=GUARD_SECONDS)
        except queue.Empty:
            raise AssertionError(
                f"no stream event within {GUARD_SECONDS}s while waiting for {what}; "
                f"received so far: {self.received!r}"
            ) from None
        self.received.append(item)
        return item


def admin_event(event) -> tuple:
    """A firebase_admin.db.Event as (event_type, path, data)."""
    return (event.event_type, event.path, event.data)


def pyrebase_event(message: dict) -> tuple:
    """A Pyrebase stream message as (event, path, data)."""
    return (message["event"], message["path"], message["data"])


def finish_within_guard(action, what: str) -> None:
    """Run a blocking client call (e.g. a listener's close(), which joins its thread) on a
    helper thread so a server that never ends the stream fails the test instead of
    hanging the suite."""
    errors: list[BaseException] = []

    def run():
        try:
            action()
        except BaseException as error:  # reported on the test thread
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=GUARD_SECONDS)
    assert not thread.is_alive(), f"{what} did not finish within {GUARD_SECONDS}s"
    if errors:
        raise errors[0]


def close_listener(registration) -> None:
    """firebase-admin's `ListenerRegistration.close()`, guarded.

    close() closes the HTTP response under the listener thread, which is blocked reading
    it; when the read returns (the next bytes: an event or a keep-alive), the thread's next
    read finds the response gone and dies with AttributeError ("'NoneType' object has no
    attribute 'read'", from http.client). That is how firebase-admin 7.7.0 stops listening,
    not a server fault, so that one exception is dropped here; any other exception on a
    listener thread still reaches pytest (pytest.ini makes it an error)."""
    previous = threading.excepthook

    def hook(args):
        error = args.exc_value
        if isinstance(error, AttributeError) and "'NoneType' object has no attribute 'read'" in str(error):
            return
        previous(args)

    threading.excepthook = hook
    try:
        finish_within_guard(registration.close, "ListenerRegistration.close()")
    finally:
        threading.excepthook = previous


def close_stream(stream) -> None:
    """Pyrebase's `Stream.close()`, guarded.

    close() shuts the socket down, then reaches through `resp.raw._fp.fp` a second time to
    close it. If the stream thread sees the EOF in between, http.client has already dropped
    `fp`, and close() raises AttributeError before joining the thread: a race in Pyrebase
    4.9.0 whatever the server does. The socket is shut down by then, so finish as close()
    would have: join the thread."""

    def close():
        try:
            stream.close()
        except AttributeError as error:
            if "'NoneType' object has no attribute 'raw'" not in str(error):
                raise
            stream.thread.join()

    finish_within_guard(close, "pyrebase Stream.close()")


def apply_event(mirror, event_type: str, path: str, data):
    """Apply an RTDB stream event to a local copy of the value at the stream location,
    with the semantics of rtdb.md §4.3 (put replaces at path; patch replaces each child
    key, which may be multi-segment; null deletes). Returns the new copy."""
    segments = [s for s in path.split("/") if s]
    if event_type == "put":
        return _set_at(mirror, segments, data)
    assert event_type == "patch", f"unexpected event type {event_type!r}"
    for key, value in data.items():
        mirror = _set_at(mirror, segments + [s for s in key.split("/") if s], value)
    return mirror


def apply_until(events: EventQueue, mirror, expected, what: str):
    """Apply events to `mirror` until it equals `expected` (compared with as_tree); a write
    may cause several events (a query window: one child leaves, another enters). Fails
    after GUARD_SECONDS without a matching state. Returns the new mirror."""
    while as_tree(mirror) != as_tree(expected):
        mirror = apply_event(mirror, *events.next(what))
    return mirror


def _set_at(node, segments, value):
    if not segments:
        return _pruned(copy.deepcopy(value))
    if isinstance(node, list):  # an object with integer keys, as the server renders it
        node = {str(i): v for i, v in enumerate(node) if v is not None}
    node = dict(node) if isinstance(node, dict) else {}
    head, rest = segments[0], segments[1:]
    child = _set_at(node.get(head), rest, value)
    if child is None:
        node.pop(head, None)
    else:
        node[head] = child
    return node or None


def _pruned(value):
    if isinstance(value, dict):
        kept = {k: _pruned(v) for k, v in value.items()}
        kept = {k: v for k, v in kept.items() if v is not None}
        return kept or None
    return value


def as_tree(value):
    """A read-back value with array rendering undone (lists become index-keyed dicts), to
    compare with a mirror built from events."""
    if isinstance(value, list):
        value = {str(i): v for i, v in enumerate(value) if v is not None}
    if isinstance(value, dict):
        value = {k: as_tree(v) for k, v in value.items()}
        return value or None
    return value
