"""Server values (rtdb.md §3) and array rendering (§1.6) through firebase-admin."""

import threading
import time

import pytest
from firebase_admin import db, exceptions

def test_server_timestamp_resolves_to_server_millis(rtdb):
    before = int(time.time() * 1000)
    rtdb.child("ts").set({"at": {".sv": "timestamp"}, "nested": {"at": {".sv": "timestamp"}}})
    after = int(time.time() * 1000)

    value = rtdb.child("ts").get()
    assert isinstance(value["at"], int)
    assert before <= value["at"] <= after
    assert value["nested"]["at"] == value["at"]  # one write, one `now`


def test_server_timestamp_in_update_and_push(rtdb):
    before = int(time.time() * 1000)
    rtdb.child("doc").update({"updated": {".sv": "timestamp"}})
    pushed = rtdb.child("events").push({"at": {".sv": "timestamp"}})
    after = int(time.time() * 1000)

    assert before <= rtdb.child("doc/updated").get() <= after
    assert before <= pushed.child("at").get() <= after


def test_server_increment(rtdb):
    ref = rtdb.child("counters")
    ref.set({"n": 5, "s": "text"})

    ref.update({"n": {".sv": {"increment": 2}}})
    assert ref.child("n").get() == 7
    assert isinstance(ref.child("n").get(), int)

    ref.child("n").set({".sv": {"increment": -10}})
    assert ref.child("n").get() == -3

    ref.update({"missing": {".sv": {"increment": 4}}, "s": {".sv": {"increment": 1}}})
    assert ref.child("missing").get() == 4  # absent counts as 0
    assert ref.child("s").get() == 1  # not a number: the result is the delta

    ref.child("n").set({".sv": {"increment": 0.5}})
    assert ref.child("n").get() == -2.5


def test_server_increment_in_concurrent_updates_all_land(make_admin_app, rtdb_namespace):
    threads_count, per_thread = 4, 10
    errors = []

    def worker():
        ref = db.reference("hits", app=make_admin_app(rtdb_namespace))
        try:
            for _ in range(per_thread):
                ref.set({".sv": {"increment": 1}})
        except Exception as error:
            errors.append(error)

    threads = [threading.Thread(target=worker) for _ in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert errors == []
    assert db.reference("hits", app=make_admin_app(rtdb_namespace)).get() == threads_count * per_thread


def test_invalid_server_value_is_invalid_argument(rtdb):
    with pytest.raises(exceptions.InvalidArgumentError):
        rtdb.child("x").set({".sv": "nonsense"})
    assert rtdb.child("x").get() is None


def test_integer_keyed_objects_read_back_as_lists(rtdb):
    rtdb.child("a").set({"0": "x", "1": "y", "2": "z"})
    assert rtdb.child("a").get() == ["x", "y", "z"]

    rtdb.child("b").set({"1": "only"})
    assert rtdb.child("b").get() == [None, "only"]

    rtdb.child("c").set({"3": "d", "0": "a"})  # largest key 3 < 2 * 2
    assert rtdb.child("c").get() == ["a", None, None, "d"]

    rtdb.child("d").set({"1": "a", "5": "b"})  # largest key 5 >= 2 * 2: stays an object
    assert rtdb.child("d").get() == {"1": "a", "5": "b"}

    rtdb.child("e").set({"0": "a", "x": "b"})
    assert rtdb.child("e").get() == {"0": "a", "x": "b"}


def test_lists_are_stored_as_index_keyed_objects(rtdb):
    rtdb.child("l").set(["a", "b", "c"])
    rtdb.child("l").update({"1": None})

    assert rtdb.child("l").get() == ["a", None, "c"]
    assert rtdb.child("l/2").get() == "c"
    rtdb.child("l/0").delete()
    assert rtdb.child("l").get() == {"2": "c"}  # 2 >= 2 * 1: an object now


