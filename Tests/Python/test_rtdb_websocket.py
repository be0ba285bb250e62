"""The Realtime Database WebSocket protocol (issue 16; streams.md §1) driven through every
action by the protocol client in rtdb_ws_client.py, against the real `hearth serve`."""

from __future__ import annotations

import time

import pytest
import requests

from rtdb_support import GUARD_SECONDS, mint_token
from rtdb_ws_client import RtdbSocket, sdk_hash


@pytest.fixture
def connect(database_host, rtdb_namespace):
    sockets = []

    def make(namespace: str | None = rtdb_namespace) -> RtdbSocket:
        socket = RtdbSocket(database_host, namespace)
        sockets.append(socket)
        return socket

    yield make
    for socket in sockets:
        try:
            socket.close()
        except Exception:  # noqa: BLE001 - already dropped
            pass


def rest(database_host, namespace, path, method="GET", **kwargs):
    response = requests.request(
        method, f"http://{database_host}{path}.json", params={"ns": namespace}, headers={"Authorization": "Bearer owner"},
        timeout=GUARD_SECONDS, **kwargs,
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_hello_names_the_reachable_host_and_a_session(connect, database_host):
    socket = connect()
    hello = socket.hello["d"]
    assert hello["v"] == "5"
    assert hello["h"] == database_host
    assert len(hello["s"]) >= 16
    assert abs(hello["ts"] - time.time() * 1000) < 60_000


def test_listen_pushes_the_data_before_its_ok_then_every_write(connect, database_host, rtdb_namespace):
    rest(database_host, rtdb_namespace, "/rooms/a", "PUT", json={"name": "A", "n": 1})
    socket = connect()
    assert socket.request("s", {"c": {"sdk.js.10-0-0": 1}}) == {"s": "ok"}
    assert socket.listen("/rooms/a")["s"] == "ok"
    # The data came first: the ok was handled after it by the reader thread.
    first = socket.pushes.get_nowait()
    assert first == {"a": "d", "b": {"p": "rooms/a", "d": {"name": "A", "n": 1}}}
    rest(database_host, rtdb_namespace, "/rooms/a/n", "PUT", json=2)
    assert socket.next_push() == {"a": "d", "b": {"p": "rooms/a/n", "d": 2}}
    rest(database_host, rtdb_namespace, "/rooms/a", "PATCH", json={"name": "B", "x/y": True})
    assert socket.next_push() == {"a": "m", "b": {"p": "rooms/a", "d": {"name": "B", "x/y": True}}}
    assert socket.request("n", {"p": "/rooms/a"})["s"] == "ok"
    rest(database_host, rtdb_namespace, "/rooms/a/n", "PUT", json=3)
    socket.listen("/other")  # a marker: nothing of /rooms/a may come before its data
    assert socket.next_push() == {"a": "d", "b": {"p": "other", "d": None}}


def test_put_merge_and_get_with_server_values_are_durable_when_acknowledged(connect, database_host, rtdb_namespace):
    socket = connect()
    before = int(time.time() * 1000)
    assert socket.put("/a", {"t": {".sv": "timestamp"}, "n": 1}) == {"s": "ok"}
    # Acknowledged means visible to REST at once (and durable: the ack waited for it).
    assert rest(database_host, rtdb_namespace, "/a/n") == 1
    assert socket.merge("/a", {"n": {".sv": {"increment": 2}}, "b/c": "x"}) == {"s": "ok"}
    got = socket.get("/a")
    assert got["s"] == "ok"
    assert got["d"]["n"] == 3 and got["d"]["b"] == {"c": "x"} and got["d"]["t"] >= before
    assert socket.get("/a", {"i": ".key", "l": 1, "vf": "l"})["d"] == {"b": {"c": "x"}}
    assert socket.put("/a", None) == {"s": "ok"}
    assert rest(database_host, rtdb_namespace, "/a") is None


def test_pipelined_writes_are_applied_in_order_and_each_acknowledged(connect, database_host, rtdb_namespace):
    socket = connect()
    numbers = [socket.send("p", {"p": "/seq", "d": i}) for i in range(1, 201)]
    numbers.append(socket.send("m", {"p": "/", "d": {"seq": 1000, "other": True}}))
    read = socket.send("g", {"p": "/seq", "q": {}})
    assert all(socket.reply(n) == {"s": "ok"} for n in numbers)
    # The read came after every write: it sees the last one, applied in arrival order.
    assert socket.reply(read) == {"s": "ok", "d": 1000}
    assert rest(database_host, rtdb_namespace, "/seq") == 1000


def test_a_transaction_is_retried_after_datastale(connect, database_host, rtdb_namespace):
    rest(database_host, rtdb_namespace, "/counter", "PUT", json=1)
    socket = connect()
    socket.listen("/counter")
    assert socket.next_push()["b"]["d"] == 1
    # Another client writes between the transaction's read and its put.
    other = connect()
    assert other.put("/counter", 5) == {"s": "ok"}
    stale = socket.put("/counter", 2, hash=sdk_hash(1))
    assert stale["s"] == "datastale"
    # The fresher value arrives as a push; the retry with its hash succeeds.
    fresh = socket.push_where(lambda p: p["b"]["p"] == "counter", "the fresher value")["b"]["d"]
    assert fresh == 5
    assert socket.put("/counter", fresh + 1, hash=sdk_hash(fresh)) == {"s": "ok"}
    assert rest(database_host, rtdb_namespace, "/counter") == 6
    # The hash is the SDK's, byte for byte (rtdb.md Appendix A vectors), for objects too.
    assert sdk_hash(1) == "YPVfR2bXt/lcDjiQZ8pOkAd3qkQ="
    rest(database_host, rtdb_namespace, "/obj", "PUT", json={"a": 1, "b": "x"})
    assert sdk_hash({"a": 1, "b": "x"}) == "jRI9dwRS9sb4SWm8uuoN7+xBk4g="
    assert socket.put("/obj", {"a": 2}, hash=sdk_hash({"a": 1, "b": "x"})) == {"s": "ok"}
    # A transaction on an absent location sends the empty hash.
    assert socket.put("/fresh", 1, hash="") == {"s": "ok"}
    assert socket.put("/fresh", 2, hash="")["s"] == "datastale"


@pytest.mark.parametrize("ending", ["close", "drop"])
def test_on_disconnect_runs_when_the_socket_ends(connect, database_host, rtdb_namespace, ending):
    socket = connect()
    assert socket.put("/presence/alice", True) == {"s": "ok"}
    assert socket.request("o", {"p": "/presence/alice", "d": None}) == {"s": "ok"}
    assert socket.request("om", {"p": "/status", "d": {"alice": "offline", "at": {".sv": "timestamp"}}}) == {"s": "ok"}
    assert socket.request("o", {"p": "/cancelled/x", "d": 1}) == {"s": "ok"}
    assert socket.request("oc", {"p": "/cancelled", "d": None}) == {"s": "ok"}
    watcher = connect()
    watcher.listen("/status")
    assert watcher.next_push()["b"]["d"] is None
    socket.close() if ending == "close" else socket.drop()
    status = watcher.push_where(lambda p: p["b"].get("d"), "the onDisconnect merge")["b"]["d"]
    assert status["alice"] == "offline" and isinstance(status["at"], int)
    assert rest(database_host, rtdb_namespace, "/presence/alice") is None
    assert rest(database_host, rtdb_namespace, "/cancelled") is None


def test_two_connections_see_each_others_writes_as_tagged_merges_on_limit_to_last(connect):
    alice, bob = connect(), connect()
    for key, text in [("m1", "one"), ("m2", "two"), ("m3", "three")]:
        assert alice.put(f"/chat/{key}", {"text": text}) == {"s": "ok"}
    query = {"l": 2, "vf": "r"}
    for socket, tag in [(alice, 7), (bob, 9)]:
        assert socket.listen("/chat", query, tag)["s"] == "ok"
        first = socket.next_push()
        assert first == {"a": "d", "b": {"p": "chat", "d": {"m2": {"text": "two"}, "m3": {"text": "three"}}, "t": tag}}
    assert bob.put("/chat/m4", {"text": "four"}) == {"s": "ok"}
    expected = {"m2": None, "m4": {"text": "four"}}
    assert alice.next_push() == {"a": "m", "b": {"p": "chat", "d": expected, "t": 7}}
    assert bob.next_push() == {"a": "m", "b": {"p": "chat", "d": expected, "t": 9}}
    assert alice.merge("/chat", {"m3/text": "THREE"}) == {"s": "ok"}
    # One child changed: an overwrite of it in the tagged view.
    assert bob.next_push() == {"a": "d", "b": {"p": "chat/m3", "d": {"text": "THREE"}, "t": 9}}
    # Query parameters of every kind are served (start/end with names, exclusive, indexes).
    assert alice.get("/chat", {"i": ".key", "sp": "m2", "sin": False, "ep": "m4", "ein": True})["d"] == {
        "m3": {"text": "THREE"}, "m4": {"text": "four"}}
    assert alice.get("/chat", {"i": "text", "sp": "four", "ep": "four"})["d"] == {"m4": {"text": "four"}}
    assert alice.get("/chat", {"i": ".value", "l": 1, "vf": "l"})["s"] == "ok"


def test_a_listen_revoked_by_a_rules_reload_gets_c(connect, rtdb_owner, rtdb_namespace):
    rtdb_owner.put_rules(rtdb_namespace, {"rules": {"open": {".read": True, ".write": True}}})
    socket = connect()
    assert socket.listen("/open/x")["s"] == "ok"
    assert socket.listen("/open", {"l": 1, "vf": "l"}, tag=3)["s"] == "ok"
    socket.next_push(), socket.next_push()
    assert socket.listen("/closed")["s"] == "permission_denied"
    assert socket.put("/closed", 1)["s"] == "permission_denied"
    rtdb_owner.put_rules(rtdb_namespace, {"rules": {"open": {".read": False, ".write": True}}})
    revoked = [socket.next_push("a c push"), socket.next_push("a c push")]
    assert {"a": "c", "b": {"p": "open/x"}} in revoked
    assert {"a": "c", "b": {"p": "open", "q": [{"l": 1, "vf": "l"}]}} in revoked


def test_an_expiring_credential_is_revoked_with_ac(connect, rtdb_owner, rtdb_namespace):
    rtdb_owner.put_rules(rtdb_namespace, {"rules": {"users": {"$uid": {".read": "auth.uid == $uid", ".write": "auth.uid == $uid"}}}})
    socket = connect()
    assert socket.listen("/users/alice")["s"] == "permission_denied"
    # exp is whole seconds: at least 3 s for the auth and the listen, on a loaded machine too.
    expires = int(time.time()) + 4
    reply = socket.auth(mint_token("alice", exp=expires))
    assert reply["s"] == "ok" and reply["d"]["auth"]["sub"] == "alice" and reply["d"]["expires"] == expires
    assert socket.listen("/users/alice")["s"] == "ok"
    assert socket.next_push()["a"] == "d"
    revoked = socket.push_where(lambda p: p["a"] == "ac", "the ac push")
    assert revoked["b"]["s"] == "expired_token"
    # The connection goes on unauthenticated: the listen is revoked, writes are denied.
    assert socket.push_where(lambda p: p["a"] == "c", "the c push")["b"]["p"] == "users/alice"
    assert socket.put("/users/alice", 1)["s"] == "permission_denied"
    assert socket.auth(mint_token("alice", exp=int(time.time()) - 10))["s"] == "expired_token"
    assert socket.auth("not-a-token.x.y")["s"] == "invalid_token"
    # The emulator suite's mock token (iat 0, exp 3600) and owner are accepted.
    assert socket.auth(mint_token("alice", iat=0, exp=3600))["s"] == "ok"
    assert socket.put("/users/alice", 2) == {"s": "ok"}
    assert socket.auth("owner")["s"] == "ok"
    assert socket.put("/users/bob", 3) == {"s": "ok"}
    assert socket.request("unauth", {}) == {"s": "ok"}
    assert socket.put("/users/bob", 4)["s"] == "permission_denied"


def test_a_100_kb_message_is_split_into_frames_both_ways(connect, database_host, rtdb_namespace):
    socket = connect()
    big = "é" + "x" * 100_000 + "€"
    socket.listen("/big")
    socket.next_push()
    frames_before = len(socket.raw_frames)
    assert socket.put("/big", big) == {"s": "ok"}  # sent as a count frame and 7 chunks
    assert rest(database_host, rtdb_namespace, "/big") == big
    push = socket.next_push("the 100 KB push")
    assert push["b"]["d"] == big
    received = socket.raw_frames[frames_before:]
    count_index = next(i for i, frame in enumerate(received) if frame.isdigit())
    count = int(received[count_index])
    assert count == 7
    chunks = received[count_index + 1:count_index + 1 + count]
    assert all(len(chunk) <= 16384 for chunk in chunks)
    assert "".join(chunks).startswith('{"t":"d"')


def test_keepalives_pings_and_unknown_actions(connect):
    socket = connect()
    socket.ws.send("0")  # the SDKs' keep-alive: ignored
    socket.ws.send('{"t":"c","d":{"t":"p","d":{}}}')
    assert socket.controls.get(timeout=GUARD_SECONDS) == {"t": "o", "d": None}
    unknown = socket.request("zz", {})
    assert unknown["s"] != "ok" and "zz" in unknown["d"]
    assert socket.request("q", {"h": ""})["s"] == "invalid_data"  # no path
    assert socket.put("/bad.key", 1)["s"] == "invalid_data"
    assert socket.request("s", {"c": {}}) == {"s": "ok"}


def test_a_query_without_its_index_gets_the_no_index_warning(connect, rtdb_owner, rtdb_namespace):
    rtdb_owner.put_rules(rtdb_namespace, {"rules": {".read": True, ".write": True, "indexed": {".indexOn": "age"}}})
    socket = connect()
    assert socket.listen("/people", {"i": "age", "l": 2, "vf": "l"}, tag=1) == {"s": "ok", "d": {"w": ["no_index"]}}
    assert socket.listen("/indexed", {"i": "age", "l": 2, "vf": "l"}, tag=2) == {"s": "ok", "d": {}}


def test_garbage_closes_the_connection_with_a_protocol_error(connect):
    socket = connect()
    socket.ws.send("this is not json")
    assert socket.closed.wait(GUARD_SECONDS)
    assert socket.ws.close_code == 1002


def test_the_namespace_comes_from_ns(connect, database_host):
    socket = connect("ws-ns-test")
    assert socket.put("/x", 1) == {"s": "ok"}
    assert rest(database_host, "ws-ns-test", "/x") == 1
