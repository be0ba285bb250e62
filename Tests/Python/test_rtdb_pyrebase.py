"""Pyrebase4 4.9.0 against Hearth's Realtime Database (rtdb.md §5.2).

Pyrebase never sends `ns`, so it uses the server's default namespace
(`demo-hearth-default-rtdb`); each test works under a top-level key of its own
(`rtdb_path`). It sends no credential unless given `token=`, which goes in `?auth=`.
"""

import json
import tempfile
from collections import OrderedDict
from pathlib import Path

import pyrebase
import pytest
from requests.exceptions import HTTPError

from hearth_process import HearthProcess
from rtdb_support import (
    PUSH_ALPHABET, EventQueue, apply_event, apply_until, as_tree, close_stream, mint_token, pyrebase_config,
    pyrebase_event,
)


def test_set_get_round_trip(pyrebase_db, rtdb_path):
    value = {"name": "Ada", "age": 36, "ratio": 0.5, "admin": True, "tags": {"x": "y"}}

    assert pyrebase_db.child(rtdb_path).child("users").child("ada").set(value) == value  # the body echoes it

    response = pyrebase_db.child(rtdb_path).child("users").child("ada").get()
    assert response.key() == "ada"
    assert dict(response.val()) == value
    assert list(response.val()) == sorted(value)  # members in key order, kept by Pyrebase
    assert {pyre.key(): pyre.val() for pyre in response.each()} == value
    assert pyrebase_db.child(rtdb_path, "users", "ada", "name").get().val() == "Ada"


def test_get_of_missing_is_none(pyrebase_db, rtdb_path):
    assert pyrebase_db.child(rtdb_path).child("nothing").get().val() is None


def test_push_returns_name_and_stores_value(pyrebase_db, rtdb_path):
    first = pyrebase_db.child(rtdb_path).child("msgs").push({"text": "one"})
    second = pyrebase_db.child(rtdb_path).child("msgs").push({"text": "two"})

    for result in (first, second):
        assert set(result) == {"name"}
        assert len(result["name"]) == 20 and all(c in PUSH_ALPHABET for c in result["name"])
    assert first["name"] < second["name"]

    stored = pyrebase_db.child(rtdb_path).child("msgs").get()
    assert [pyre.key() for pyre in stored.each()] == [first["name"], second["name"]]
    assert [pyre.val()["text"] for pyre in stored.each()] == ["one", "two"]


def test_update_multi_path_and_null_deletes(pyrebase_db, rtdb_path):
    pyrebase_db.child(rtdb_path).set({"a": {"x": 1, "y": 2}, "b": 1})

    body = pyrebase_db.child(rtdb_path).update({"a/x": 10, "b": None, "c/d": "e"})

    assert body == {"a/x": 10, "b": None, "c/d": "e"}  # PATCH echoes its body
    assert dict(pyrebase_db.child(rtdb_path).get().val()) == {"a": {"x": 10, "y": 2}, "c": {"d": "e"}}


def test_remove_returns_none_and_deletes(pyrebase_db, rtdb_path):
    pyrebase_db.child(rtdb_path).set({"keep": 1, "gone": 2})

    assert pyrebase_db.child(rtdb_path).child("gone").remove() is None  # the body is JSON null

    assert dict(pyrebase_db.child(rtdb_path).get().val()) == {"keep": 1}


def test_integer_keys_come_back_as_a_list(pyrebase_db, rtdb_path):
    # Pyrebase's own production test: {'1': {'11': {'111': 42}}} reads back as [None, {...}].
    pyrebase_db.child(rtdb_path).set({"1": {"11": {"111": 42}}})

    response = pyrebase_db.child(rtdb_path).get()
    assert [pyre.key() for pyre in response.each()] == [0, 1]
    assert response.val() == [None, {"11": {"111": 42}}]


def test_shallow_returns_keys(pyrebase_db, rtdb_path):
    pyrebase_db.child(rtdb_path).set({"a": {"deep": 1}, "b": {"deep": 2}, "c": {"x": {"y": 1}}})

    keys = pyrebase_db.child(rtdb_path).shallow().get().val()

    assert sorted(keys) == ["a", "b", "c"]


PEOPLE = {
    "p1": {"name": "Tom & Jerry", "age": 30},
    "p2": {"name": "Zoë Washington", "age": 25},
    "p3": {"name": "Ann Lee", "age": 41},
    "p4": {"name": "Tom", "age": 30},
    "p5": {"name": "Bob+Alice", "age": 19},
}


@pytest.fixture
def people(pyrebase_db, rtdb_path):
    pyrebase_db.child(rtdb_path).child("people").set(PEOPLE)
    return pyrebase_db


def keys_of(response):
    return [pyre.key() for pyre in response.each()]


def test_order_by_child_equal_to_string_with_spaces_and_ampersand(people, rtdb_path):
    # Pyrebase sends equalTo=%22Tom+%26+Jerry%22: `+` must decode to a space.
    result = people.child(rtdb_path).child("people").order_by_child("name").equal_to("Tom & Jerry").get()

    assert keys_of(result) == ["p1"]
    assert result.val() == OrderedDict([("p1", PEOPLE["p1"])])


def test_order_by_child_equal_to_non_ascii_and_plus(people, rtdb_path):
    ref = lambda: people.child(rtdb_path).child("people").order_by_child("name")  # noqa: E731

    assert keys_of(ref().equal_to("Zoë Washington").get()) == ["p2"]
    assert keys_of(ref().equal_to("Bob+Alice").get()) == ["p5"]  # a literal + arrives as %2B


def test_order_by_child_start_at_and_limits(people, rtdb_path):
    ref = lambda: people.child(rtdb_path).child("people")  # noqa: E731

    assert keys_of(ref().order_by_child("name").start_at("Tom").get()) == ["p4", "p1", "p2"]
    assert keys_of(ref().order_by_child("name").start_at("B").end_at("Tom & Jerry").get()) == ["p5", "p4", "p1"]
    assert keys_of(ref().order_by_child("age").start_at(30).get()) == ["p1", "p4", "p3"]
    assert keys_of(ref().order_by_child("age").equal_to(30).get()) == ["p1", "p4"]
    assert sorted(keys_of(ref().order_by_child("age").limit_to_first(2).get())) == ["p2", "p5"]
    assert keys_of(ref().order_by_child("age").limit_to_last(1).get()) == ["p3"]


def test_order_by_key_and_value(pyrebase_db, rtdb_path):
    pyrebase_db.child(rtdb_path).set({"b": 3, "a": 2, "d": 1, "c": 4})
    ref = lambda: pyrebase_db.child(rtdb_path)  # noqa: E731

    assert keys_of(ref().order_by_key().start_at("b").limit_to_first(2).get()) == ["b", "c"]
    assert keys_of(ref().order_by_value().limit_to_last(2).get()) == ["b", "c"]
    assert keys_of(ref().order_by_value().start_at(2).end_at(3).get()) == ["a", "b"]


def test_get_etag_and_conditional_set(pyrebase_db, rtdb_path):
    pyrebase_db.child(rtdb_path).set({"v": 1})
    etag = pyrebase_db.child(rtdb_path).get_etag()
    assert etag["value"] == {"v": 1}
    assert len(etag["ETag"]) == 28

    # Match: the write happens and the body echoes it.
    assert pyrebase_db.child(rtdb_path).conditional_set({"v": 2}, etag["ETag"]) == {"v": 2}

    # Mismatch: 412 with the current value and ETag, nothing written.
    mismatch = pyrebase_db.child(rtdb_path).conditional_set({"v": 3}, etag["ETag"])
    current = pyrebase_db.child(rtdb_path).get_etag()
    assert mismatch == {"ETag": current["ETag"], "value": {"v": 2}}
    assert current["value"] == {"v": 2}


def test_conditional_remove(pyrebase_db, rtdb_path):
    pyrebase_db.child(rtdb_path).set("present")
    stale = pyrebase_db.child(rtdb_path).get_etag()["ETag"]
    pyrebase_db.child(rtdb_path).set("changed")

    mismatch = pyrebase_db.child(rtdb_path).conditional_remove(stale)
    assert mismatch["value"] == "changed"
    assert pyrebase_db.child(rtdb_path).get().val() == "changed"

    assert pyrebase_db.child(rtdb_path).conditional_remove(mismatch["ETag"]) is None
    assert pyrebase_db.child(rtdb_path).get().val() is None


def test_get_etag_of_missing_location(pyrebase_db, rtdb_path):
    assert pyrebase_db.child(rtdb_path).get_etag() == {"ETag": "null_etag", "value": None}
    # null_etag means "create only if absent".
    assert pyrebase_db.child(rtdb_path).conditional_set("created", "null_etag") == "created"
    assert pyrebase_db.child(rtdb_path).conditional_set("again", "null_etag")["value"] == "created"


def test_stream_initial_put_then_events(pyrebase_db, rtdb_path):
    pyrebase_db.child(rtdb_path).set({"1": "a", "x": {"y": 1}})
    events = EventQueue(pyrebase_event)
    stream = pyrebase_db.child(rtdb_path).stream(events)
    try:
        assert events.next("the initial put") == ("put", "/", {"1": "a", "x": {"y": 1}})

        testdata = {"1": "a", "1_2": "b"}  # Pyrebase's own streaming test data
        pyrebase_db.child(rtdb_path).set(testdata)
        assert events.next("set at the location") == ("put", "/", testdata)

        pyrebase_db.child(rtdb_path).update({"2": "c"})
        assert events.next("update at the location") == ("patch", "/", {"2": "c"})

        pushed = pyrebase_db.child(rtdb_path).push("3")
        assert events.next("push") == ("put", f"/{pushed['name']}", "3")

        pyrebase_db.child(rtdb_path).child("2").remove()
        assert events.next("remove") == ("put", "/2", None)
    finally:
        close_stream(stream)


def test_query_stream_follows_the_filtered_window(pyrebase_db, rtdb_path):
    """Pyrebase passes its query parameters to stream() too. Applying the events in order
    must give, after every write, what the same query returns (rtdb.md §4.4)."""
    pyrebase_db.child(rtdb_path).set({"a": {"age": 10}, "b": {"age": 20}, "c": {"age": 30}})

    def window():
        return as_tree(pyrebase_db.child(rtdb_path).order_by_child("age").start_at(15).limit_to_first(2).get().val())

    events = EventQueue(pyrebase_event)
    stream = pyrebase_db.child(rtdb_path).order_by_child("age").start_at(15).limit_to_first(2).stream(events)
    writes = [
        lambda: pyrebase_db.child(rtdb_path).child("d").set({"age": 16}),  # enters, pushes c out
        lambda: pyrebase_db.child(rtdb_path).child("b").update({"age": 5}),  # leaves, c comes back
        lambda: pyrebase_db.child(rtdb_path).child("d").update({"name": "dee"}),  # changes inside
        lambda: pyrebase_db.child(rtdb_path).child("d").remove(),
    ]
    try:
        mirror = apply_event(None, *events.next("the initial put"))
        assert as_tree(mirror) == window() == {"b": {"age": 20}, "c": {"age": 30}}
        for write in writes:
            write()
            mirror = apply_until(events, mirror, window(), "events that bring the window up to date")
        assert as_tree(mirror) == {"c": {"age": 30}}
    finally:
        close_stream(stream)


def test_stream_with_stream_id(pyrebase_db, rtdb_path):
    received = EventQueue()
    stream = pyrebase_db.child(rtdb_path).stream(received, stream_id="mine")
    try:
        assert received.next("the initial put") == {"event": "put", "path": "/", "data": None, "stream_id": "mine"}
    finally:
        close_stream(stream)


def test_non_ascii_set_get_and_stream(pyrebase_db, rtdb_path):
    value = {"city": "Zürich", "漢字": "東京 é 🔥"}
    pyrebase_db.child(rtdb_path).set(value)
    assert dict(pyrebase_db.child(rtdb_path).get().val()) == value

    events = EventQueue(pyrebase_event)
    stream = pyrebase_db.child(rtdb_path).stream(events)
    try:
        assert events.next("the initial put") == ("put", "/", value)
        pyrebase_db.child(rtdb_path).child("漢字").set("新 ñ")
        assert events.next("a non-ASCII write") == ("put", "/漢字", "新 ñ")
    finally:
        close_stream(stream)


# --------------------------------------------------------------------------------------
# User tokens (unsigned JWTs in ?auth=) against rules loaded with --database-rules
# --------------------------------------------------------------------------------------

NOTES_RULES = """
{
  // Each user reads and writes only their own notes; a list of public posts anyone reads.
  "rules": {
    "notes": {
      "$uid": {
        ".read": "auth != null && auth.uid == $uid",
        ".write": "auth != null && auth.uid == $uid"
      }
    },
    "posts": {
      ".read": true,
      "$post": { ".write": "auth != null && newData.child('author').val() == auth.uid" }
    },
    // Query-based rules: only a query for one's own tasks may read the list.
    "tasks": {
      ".read": "auth != null && query.orderByChild == 'owner' && query.equalTo == auth.uid",
      "$task": { ".write": "auth != null && newData.child('owner').val() == auth.uid" }
    }
  }
}
"""


@pytest.fixture(scope="module")
def ruled_server():
    """A server of its own, started with --database-rules FILE (comments allowed)."""
    with tempfile.TemporaryDirectory(prefix="hearth-py-rules-") as directory:
        rules = Path(directory) / "database.rules.json"
        rules.write_text(NOTES_RULES)
        server = HearthProcess(Path(directory) / "data", "--database-rules", str(rules))
        try:
            yield server
        finally:
            assert server.stop() == 0, server.stderr_text()


@pytest.fixture
def ruled_db(ruled_server):
    database = pyrebase.initialize_app(pyrebase_config(ruled_server.database_host)).database()
    yield database
    database.requests.close()


def assert_denied(action):
    with pytest.raises(HTTPError) as info:
        action()
    # raise_detailed_error wraps the original HTTPError and the body text.
    original, body = info.value.args
    assert original.response.status_code == 401
    assert json.loads(body) == {"error": "Permission denied"}


def test_token_write_and_read_own_data(ruled_db):
    alice = mint_token("alice")

    assert ruled_db.child("notes").child("alice").set({"n1": "hi"}, token=alice) == {"n1": "hi"}
    assert ruled_db.child("notes").child("alice").update({"n2": "there"}, token=alice) == {"n2": "there"}
    ruled_db.child("notes").child("alice").push("pushed", token=alice)

    value = ruled_db.child("notes").child("alice").get(token=alice).val()
    assert value["n1"] == "hi" and value["n2"] == "there" and len(value) == 3


def test_token_for_another_user_is_denied(ruled_db):
    alice, bob = mint_token("alice"), mint_token("bob")
    ruled_db.child("notes").child("bob").set({"secret": 1}, token=bob)

    assert_denied(lambda: ruled_db.child("notes").child("bob").get(token=alice))
    assert_denied(lambda: ruled_db.child("notes").child("bob").set({"secret": 2}, token=alice))
    assert_denied(lambda: ruled_db.child("notes").child("bob").remove(token=alice))
    assert_denied(lambda: ruled_db.child("notes").child("bob").get())  # no token at all
    assert ruled_db.child("notes").child("bob").get(token=bob).val() == {"secret": 1}


def test_rules_checking_new_data_against_the_token(ruled_db):
    alice = mint_token("alice")

    ruled_db.child("posts").child("p1").set({"author": "alice", "text": "mine"}, token=alice)
    assert_denied(lambda: ruled_db.child("posts").child("p2").set({"author": "bob", "text": "forged"}, token=alice))
    assert_denied(lambda: ruled_db.child("posts").child("p3").set({"author": "alice"}))
    assert dict(ruled_db.child("posts").get().val()) == {"p1": {"author": "alice", "text": "mine"}}


def test_query_based_rules(ruled_db):
    alice, bob = mint_token("alice"), mint_token("bob")
    ruled_db.child("tasks").child("t1").set({"owner": "alice", "title": "Tom & Jerry"}, token=alice)
    ruled_db.child("tasks").child("t2").set({"owner": "bob", "title": "mine"}, token=bob)

    own = ruled_db.child("tasks").order_by_child("owner").equal_to("alice").get(token=alice)
    assert own.val() == OrderedDict([("t1", {"owner": "alice", "title": "Tom & Jerry"})])
    assert_denied(lambda: ruled_db.child("tasks").get(token=alice))
    assert_denied(lambda: ruled_db.child("tasks").order_by_child("owner").equal_to("bob").get(token=alice))
    assert_denied(lambda: ruled_db.child("tasks").order_by_child("title").equal_to("alice").get(token=alice))


def test_token_stream(ruled_db):
    alice = mint_token("alice")
    ruled_db.child("notes").child("alice").set({"a": 1}, token=alice)

    # A denied stream fails at connect (is_async=False runs it on this thread).
    with pytest.raises(HTTPError) as info:
        ruled_db.child("notes").child("bob").stream(lambda message: None, token=alice, is_async=False)
    assert info.value.response.status_code == 401
    assert info.value.response.json() == {"error": "Permission denied"}

    events = EventQueue(pyrebase_event)
    stream = ruled_db.child("notes").child("alice").stream(events, token=alice)
    try:
        assert events.next("the initial put") == ("put", "/", {"a": 1})
        ruled_db.child("notes").child("alice").child("b").set(2, token=alice)
        assert events.next("a write") == ("put", "/b", 2)
    finally:
        close_stream(stream)
