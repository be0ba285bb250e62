"""Realtime Database streams (SSE, rtdb.md §4) through firebase-admin's `Reference.listen()`.

Each listen() opens its own HTTP connection and thread; events arrive on that thread and
are handed to the test through a queue (EventQueue). The first event is always a `put` at
`/` with the whole value. To check that a write outside the location sends nothing
without waiting for silence, the tests follow it with a write inside and expect that
one's event next.
"""

import threading

import requests
from firebase_admin import db

from rtdb_support import EventQueue, admin_event, apply_event, apply_until, as_tree, close_listener


def listen(ref):
    events = EventQueue(admin_event)
    return events, ref.listen(events)


def test_initial_put_then_put_and_patch_events(rtdb):
    ref = rtdb.child("room")
    ref.set({"topic": "hi", "members": {"alice": True}})
    events, registration = listen(ref)
    try:
        assert events.next("the initial put") == ("put", "/", {"topic": "hi", "members": {"alice": True}})

        ref.child("topic").set("news")
        assert events.next("set below") == ("put", "/topic", "news")

        ref.update({"members/bob": True, "topic": None})
        event_type, path, data = events.next("update at the location")
        assert (event_type, path) == ("patch", "/")
        assert data == {"members/bob": True, "topic": None}

        pushed = ref.child("log").push({"text": "first"})
        assert events.next("push below") == ("put", f"/log/{pushed.key}", {"text": "first"})

        ref.child("members").update({"carol": True})
        assert events.next("update below") == ("patch", "/members", {"carol": True})

        ref.child("members/alice").delete()
        assert events.next("delete below") == ("put", "/members/alice", None)

        ref.set("replaced")
        assert events.next("set at the location") == ("put", "/", "replaced")
    finally:
        close_listener(registration)


def test_initial_put_of_empty_location_is_null(rtdb):
    ref = rtdb.child("empty")
    events, registration = listen(ref)
    try:
        assert events.next("the initial put") == ("put", "/", None)
        ref.set(1)
        assert events.next("the first write") == ("put", "/", 1)
    finally:
        close_listener(registration)


def test_writes_outside_the_location_send_nothing(rtdb):
    ref = rtdb.child("watched")
    ref.set({"a": 1})
    events, registration = listen(ref)
    try:
        assert events.next("the initial put") == ("put", "/", {"a": 1})

        rtdb.child("watched-sibling").set("no event")  # same prefix, another key
        rtdb.child("other/deep").set("no event")
        rtdb.update({"unrelated": 1, "also/unrelated": 2})
        ref.child("a").set(2)

        assert events.next("the write inside") == ("put", "/a", 2)
    finally:
        close_listener(registration)


def test_writes_at_an_ancestor_reach_the_stream(rtdb):
    ref = rtdb.child("a/b")
    ref.set({"x": 1})
    events, registration = listen(ref)
    mirror = None
    try:
        event = events.next("the initial put")
        mirror = apply_event(mirror, *event)

        writes = [
            lambda: rtdb.child("a").set({"b": {"x": 2, "y": 3}, "c": "sibling"}),
            lambda: rtdb.child("a").update({"b/x": 4, "c": "changed"}),
            lambda: rtdb.update({"a/b/z": {"deep": True}}),
            lambda: rtdb.child("a").update({"b": {"only": 1}}),
            lambda: rtdb.child("a").delete(),
            lambda: rtdb.set({"a": {"b": "leaf"}}),
        ]
        for write in writes:
            write()
            event = events.next("an event for a write at an ancestor")
            mirror = apply_event(mirror, *event)
            assert as_tree(mirror) == as_tree(ref.get()), (event, events.received)
    finally:
        close_listener(registration)


def test_applying_events_reproduces_the_value(rtdb):
    """Whatever mix of put and patch the server sends, applying them in order must give
    the value a get() returns, after every write."""
    ref = rtdb.child("doc")
    events, registration = listen(ref)
    mirror = apply_event(None, *events.next("the initial put"))
    writes = [
        lambda: ref.set({"a": {"b": 1}, "list": ["x", "y"]}),
        lambda: ref.update({"a/c": 2, "list/1": None, "n": {".sv": {"increment": 5}}}),
        lambda: ref.child("n").set({".sv": {"increment": 1}}),
        lambda: ref.child("a").set({}),
        lambda: ref.child("p").push("pushed"),
        lambda: ref.update({"x/y/z": "deep", "list": None}),
        lambda: ref.child("x/y").update({"z": None}),
        lambda: ref.delete(),
    ]
    try:
        for write in writes:
            write()
            event = events.next("an event for a write")
            mirror = apply_event(mirror, *event)
            assert as_tree(mirror) == as_tree(ref.get()), (event, events.received)
    finally:
        close_listener(registration)


def test_rapid_writes_arrive_in_order(rtdb):
    ref = rtdb.child("ticker")
    events, registration = listen(ref)
    try:
        assert events.next("the initial put") == ("put", "/", None)
        for n in range(200):
            ref.set(n)
        assert [events.next(f"write {n}") for n in range(200)] == [("put", "/", n) for n in range(200)]
    finally:
        close_listener(registration)


def test_events_from_concurrent_writers_converge(rtdb, make_admin_app, rtdb_namespace):
    """Events go out in commit order: applying them gives the final value even when several
    clients write (set, update, server values) at once."""
    ref = rtdb.child("busy")
    events, registration = listen(ref)
    errors = []

    def writer(i):
        mine = db.reference("busy", app=make_admin_app(rtdb_namespace))
        try:
            for n in range(30):
                if n % 3 == 0:
                    mine.update({f"w{i}/n": n, "shared": f"{i}-{n}"})
                elif n % 3 == 1:
                    mine.child("shared").set({".sv": {"increment": 1}})
                else:
                    mine.child(f"w{i}").set({"n": n, "at": {".sv": "timestamp"}})
        except Exception as error:  # reported on the test thread
            errors.append(error)

    try:
        mirror = apply_event(None, *events.next("the initial put"))
        threads = [threading.Thread(target=writer, args=(i,)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not any(thread.is_alive() for thread in threads)
        assert errors == []
        apply_until(events, mirror, ref.get(), "events up to the final value")
        assert len(events.received) == 1 + 4 * 30  # one event per write
    finally:
        close_listener(registration)


def test_large_values_round_trip_and_stream(rtdb):
    # firebase-admin parses a stream one character at a time, so "large" stays modest.
    big = {"text": "é漢" * 20_000, "children": {f"c{n:04}": {"n": n, "s": "x" * 20} for n in range(500)}}
    ref = rtdb.child("big")
    ref.set(big)

    assert ref.get() == big
    assert ref.child("children").get(shallow=True) == {key: True for key in big["children"]}
    events, registration = listen(ref)
    try:
        assert events.next("the initial put of a large value") == ("put", "/", big)
    finally:
        close_listener(registration)


def test_server_values_arrive_resolved(rtdb):
    ref = rtdb.child("sv")
    events, registration = listen(ref)
    try:
        events.next("the initial put")
        ref.set({"at": {".sv": "timestamp"}, "n": {".sv": {"increment": 3}}})

        event_type, path, data = events.next("the write")
        assert (event_type, path) == ("put", "/")
        assert data == ref.get()
        assert isinstance(data["at"], int) and data["n"] == 3
    finally:
        close_listener(registration)


def test_non_ascii_values_arrive_intact(rtdb):
    ref = rtdb.child("i18n/café")  # the stream's own path is percent-encoded too
    ref.set({"greeting": "héllo wörld", "漢字": "漢 é 🔥"})
    events, registration = listen(ref)
    try:
        assert events.next("the initial put") == ("put", "/", {"greeting": "héllo wörld", "漢字": "漢 é 🔥"})

        ref.child("漢字").set("新しい é")
        assert events.next("a non-ASCII key") == ("put", "/漢字", "新しい é")
        ref.update({"greeting": "¡olé!"})
        assert events.next("a patch") == ("patch", "/", {"greeting": "¡olé!"})
    finally:
        close_listener(registration)


def test_several_listeners_each_get_every_event(rtdb):
    ref = rtdb.child("shared")
    first_events, first = listen(ref)
    second_events, second = listen(ref.child("inner"))
    try:
        assert first_events.next("first initial put") == ("put", "/", None)
        assert second_events.next("second initial put") == ("put", "/", None)

        ref.child("inner").set({"v": 1})

        assert first_events.next("first") == ("put", "/inner", {"v": 1})
        assert second_events.next("second") == ("put", "/", {"v": 1})
    finally:
        close_listener(first)
        close_listener(second)


def test_listener_survives_keep_alives(rtdb, hearth):
    """The suite's server sends a keep-alive every quarter second (hearth_process); events
    after several of them must still arrive, and a keep-alive is never delivered as an event."""
    ref = rtdb.child("idle")
    events, registration = listen(ref)
    try:
        assert events.next("the initial put") == ("put", "/", None)
        # A raw reader on the same location proves keep-alives flowed in the meantime.
        with requests.get(
            f"http://{hearth.database_host}/idle.json",
            params={"ns": ref._client.params["ns"]},
            headers={"Accept": "text/event-stream", "Authorization": "Bearer owner"},
            stream=True,
            timeout=30,
        ) as raw:
            lines = raw.iter_lines(decode_unicode=True)
            assert next(lines) == "event: put"
            seen = [next(lines) for _ in range(8)]  # data, blank, then two keep-alives
            assert seen[2:] == ["event: keep-alive", "data: null", ""] * 2, seen
        ref.set("after keep-alives")
        assert events.next("a write after keep-alives") == ("put", "/", "after keep-alives")
    finally:
        close_listener(registration)


def test_stream_response_headers(rtdb, hearth):
    ref = rtdb.child("headers")
    with requests.get(
        f"http://{hearth.database_host}/headers.json",
        params={"ns": ref._client.params["ns"]},
        headers={"Accept": "text/event-stream", "Authorization": "Bearer owner"},
        stream=True,
        timeout=30,
    ) as response:
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "text/event-stream; charset=utf-8"
        assert response.encoding == "utf-8"
        lines = response.iter_lines(decode_unicode=True)
        assert [next(lines), next(lines), next(lines)] == ["event: put", 'data: {"path":"/","data":null}', ""]
