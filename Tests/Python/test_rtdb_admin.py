"""firebase-admin 7.7.0 (`firebase_admin.db`) against Hearth's Realtime Database.

Every test gets a namespace of its own (`rtdb` fixture: databaseURL
`http://127.0.0.1:PORT?ns=py-<hash>`, emulator mode, `Authorization: Bearer owner`).
See /work/shared/reference/rtdb.md §5.1 for what the client sends and expects.
"""

import re
import threading
import time

import firebase_admin
import pytest
from firebase_admin import db, exceptions

from rtdb_support import PUSH_ALPHABET, admin_app

ETAG = re.compile(r"^[A-Za-z0-9+/]{27}=$")  # base64 of a SHA-1 digest


# --------------------------------------------------------------------------------------
# Basic reads and writes
# --------------------------------------------------------------------------------------


def test_set_then_get_round_trips_json(rtdb):
    value = {
        "name": "Ada",
        "age": 36,
        "height": 1.65,
        "admin": True,
        "retired": False,
        "address": {"city": "London", "zip": "W1"},
        "millis": 1700000000123,
        "negative": -12,
    }
    rtdb.child("users/ada").set(value)

    assert rtdb.child("users/ada").get() == value
    assert rtdb.child("users/ada/address/city").get() == "London"
    assert rtdb.child("users").get() == {"ada": value}
    assert isinstance(rtdb.child("users/ada/age").get(), int)
    assert isinstance(rtdb.child("users/ada/height").get(), float)


def test_set_scalar_replaces_subtree_and_get_of_missing_is_none(rtdb):
    rtdb.child("a").set({"b": {"c": 1}})
    rtdb.child("a").set("leaf")

    assert rtdb.child("a").get() == "leaf"
    assert rtdb.child("a/b").get() is None
    assert rtdb.child("nothing/here").get() is None


def test_set_under_a_leaf_turns_it_into_an_object(rtdb):
    rtdb.child("a").set(5)
    rtdb.child("a/b").set(6)

    assert rtdb.child("a").get() == {"b": 6}


def test_set_empty_object_deletes(rtdb):
    rtdb.child("a").set({"keep": 1, "gone": {"x": 1}})
    rtdb.child("a/gone").set({})

    assert rtdb.child("a").get() == {"keep": 1}


def test_update_is_multi_path_with_slash_keys_and_null_deletes(rtdb):
    rtdb.child("doc").set({"a": {"x": 1, "y": 2}, "b": 1, "c": 3})

    rtdb.child("doc").update({"a/x": 10, "a/z": {"deep": True}, "b": None, "new/child": "n"})

    assert rtdb.child("doc").get() == {
        "a": {"x": 10, "y": 2, "z": {"deep": True}},
        "c": 3,
        "new": {"child": "n"},
    }


def test_update_replaces_named_children_only(rtdb):
    rtdb.child("doc").set({"a": {"x": 1, "y": 2}, "b": 1})

    rtdb.child("doc").update({"a": {"z": 3}})

    assert rtdb.child("doc").get() == {"a": {"z": 3}, "b": 1}


def test_update_deleting_the_last_child_removes_the_parent(rtdb):
    rtdb.child("doc").set({"only": {"x": 1}, "other": 2})

    rtdb.child("doc").update({"only/x": None})

    assert rtdb.child("doc").get() == {"other": 2}


def test_update_with_overlapping_paths_is_invalid_argument(rtdb):
    rtdb.child("doc").set({"a": {"b": 1}})

    with pytest.raises(exceptions.InvalidArgumentError):
        rtdb.child("doc").update({"a": {"c": 1}, "a/b": 2})

    assert rtdb.child("doc").get() == {"a": {"b": 1}}


def test_delete_removes_subtree_and_keeps_siblings(rtdb):
    rtdb.child("list").set({"a": {"x": 1}, "b": 2})

    rtdb.child("list/a").delete()
    assert rtdb.child("list").get() == {"b": 2}

    rtdb.child("list").delete()
    assert rtdb.child("list").get() is None
    rtdb.child("list").delete()  # deleting what is not there is fine


def test_invalid_key_in_body_is_invalid_argument(rtdb):
    with pytest.raises(exceptions.InvalidArgumentError):
        rtdb.child("x").set({"bad.key": 1})
    with pytest.raises(exceptions.InvalidArgumentError):
        rtdb.child("x").set({"a": {"b$": 1}})

    assert rtdb.child("x").get() is None


def test_non_ascii_keys_and_values(rtdb):
    rtdb.child("i18n/café").set({"漢字": "é漢 ñ 🔥", "plain": "x"})

    assert rtdb.child("i18n/café/漢字").get() == "é漢 ñ 🔥"
    assert rtdb.child("i18n").get() == {"café": {"漢字": "é漢 ñ 🔥", "plain": "x"}}


# --------------------------------------------------------------------------------------
# Push IDs
# --------------------------------------------------------------------------------------


def decode_push_time(key: str) -> int:
    millis = 0
    for char in key[:8]:
        millis = millis * 64 + PUSH_ALPHABET.index(char)
    return millis


def test_push_ids_are_20_chars_monotonic_and_time_prefixed(rtdb):
    before = int(time.time() * 1000)
    refs = [rtdb.child("log").push({"n": n}) for n in range(30)]
    after = int(time.time() * 1000)

    keys = [ref.key for ref in refs]
    for key in keys:
        assert len(key) == 20, key
        assert all(char in PUSH_ALPHABET for char in key), key
        assert before <= decode_push_time(key) <= after, (key, before, after)
    # The alphabet is in ASCII order, so string order is push order (same millisecond too).
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)

    stored = rtdb.child("log").get()
    assert list(stored) == keys  # objects come back in key order
    assert [stored[key]["n"] for key in keys] == list(range(30))


def test_concurrent_pushes_get_distinct_keys(make_admin_app, rtdb_namespace):
    threads_count, per_thread = 4, 25
    keys, errors = [], []

    def worker(worker_id):
        ref = db.reference("inbox", app=make_admin_app(rtdb_namespace))
        try:
            mine = [ref.push({"from": worker_id, "n": n}).key for n in range(per_thread)]
            assert mine == sorted(mine)  # one client's pushes are in order
            keys.extend(mine)
        except Exception as error:  # reported on the test thread
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert errors == []

    stored = db.reference("inbox", app=make_admin_app(rtdb_namespace)).get()
    assert len(set(keys)) == threads_count * per_thread
    assert set(stored) == set(keys)


def test_push_default_value_is_empty_string(rtdb):
    ref = rtdb.child("items").push()

    assert ref.get() == ""
    assert ref.path == f"/items/{ref.key}"


def test_push_onto_a_leaf_replaces_it(rtdb):
    rtdb.child("p").set("leaf")
    ref = rtdb.child("p").push(1)

    assert rtdb.child("p").get() == {ref.key: 1}


# --------------------------------------------------------------------------------------
# Shallow reads and ETags
# --------------------------------------------------------------------------------------


def test_shallow_get_truncates_children_to_true(rtdb):
    rtdb.child("s").set({"a": {"deep": {"deeper": 1}}, "b": {"x": 1}})

    assert rtdb.child("s").get(shallow=True) == {"a": True, "b": True}


def test_shallow_get_of_a_leaf_returns_it(rtdb):
    rtdb.child("leaf").set("value")

    assert rtdb.child("leaf").get(shallow=True) == "value"
    assert rtdb.child("missing").get(shallow=True) is None


def test_get_with_etag(rtdb):
    rtdb.child("e").set({"a": 1})

    value, etag = rtdb.child("e").get(etag=True)

    assert value == {"a": 1}
    assert ETAG.match(etag), etag
    # Content-derived: the same value has the same ETag, another value another.
    assert rtdb.child("e").get(etag=True)[1] == etag
    rtdb.child("e2").set({"a": 1})
    assert rtdb.child("e2").get(etag=True)[1] == etag
    rtdb.child("e").set({"a": 2})
    assert rtdb.child("e").get(etag=True)[1] != etag


def test_get_with_etag_of_missing_location_is_null_etag(rtdb):
    assert rtdb.child("absent").get(etag=True) == (None, "null_etag")


def test_get_if_changed(rtdb):
    ref = rtdb.child("c")
    ref.set({"v": 1})
    _, etag = ref.get(etag=True)

    assert ref.get_if_changed(etag) == (False, None, None)

    ref.set({"v": 2})
    changed, value, new_etag = ref.get_if_changed(etag)
    assert changed is True
    assert value == {"v": 2}
    assert ETAG.match(new_etag) and new_etag != etag
    assert ref.get_if_changed(new_etag) == (False, None, None)


def test_set_if_unchanged_succeeds_with_current_etag(rtdb):
    ref = rtdb.child("cas")
    ref.set({"v": 1})
    _, etag = ref.get(etag=True)

    ok, value, new_etag = ref.set_if_unchanged(etag, {"v": 2})

    assert ok is True
    assert value == {"v": 2}
    assert ref.get(etag=True) == ({"v": 2}, new_etag)


def test_set_if_unchanged_with_stale_etag_returns_current_value_and_etag(rtdb):
    ref = rtdb.child("cas")
    ref.set({"v": 1})
    _, stale = ref.get(etag=True)
    ref.set({"v": 2})
    current = ref.get(etag=True)

    ok, value, etag = ref.set_if_unchanged(stale, {"v": 3})  # 412 with ETag and body

    assert ok is False
    assert (value, etag) == current
    assert ref.get() == {"v": 2}


def test_set_if_unchanged_with_null_etag_creates_only_if_absent(rtdb):
    ref = rtdb.child("once")

    ok, _, etag = ref.set_if_unchanged("null_etag", "first")
    assert ok is True

    ok, value, current = ref.set_if_unchanged("null_etag", "second")
    assert ok is False
    assert (value, current) == ("first", etag)
    assert ref.get() == "first"


# --------------------------------------------------------------------------------------
# Transactions
# --------------------------------------------------------------------------------------


def test_transaction_on_missing_location_sees_none(rtdb):
    seen = []

    def create(current):
        seen.append(current)
        return {"count": 1}

    assert rtdb.child("t").transaction(create) == {"count": 1}
    assert seen == [None]
    assert rtdb.child("t").get() == {"count": 1}


def test_transaction_concurrent_increments_all_land(make_admin_app, rtdb_namespace):
    threads_count, per_thread = 6, 8
    attempts = []
    errors = []

    def increment(current):
        attempts.append(current)
        return (current or 0) + 1

    def worker():
        # Each thread has its own app, so its own HTTP session.
        ref = db.reference("counter", app=make_admin_app(rtdb_namespace))
        try:
            for _ in range(per_thread):
                while True:
                    try:
                        ref.transaction(increment)
                        break
                    except db.TransactionAbortedError:
                        continue  # lost 25 races in a row: nothing was written, retry
        except Exception as error:  # reported on the test thread
            errors.append(error)

    start = threading.Barrier(threads_count)

    def run():
        start.wait(timeout=30)
        worker()

    threads = [threading.Thread(target=run) for _ in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "transactions did not finish"
    assert errors == []

    total = threads_count * per_thread
    assert db.reference("counter", app=make_admin_app(rtdb_namespace)).get() == total
    # Every value the update function saw was a real intermediate count.
    assert all(value is None or 1 <= value < total for value in attempts)


def test_transaction_update_function_error_aborts_without_writing(rtdb):
    rtdb.child("t").set(1)

    def fail(current):
        raise ValueError("no")

    with pytest.raises(ValueError):
        rtdb.child("t").transaction(fail)
    assert rtdb.child("t").get() == 1


# --------------------------------------------------------------------------------------
# Namespaces and configuration
# --------------------------------------------------------------------------------------


def test_namespaces_are_isolated(make_admin_app, rtdb_namespace):
    one = db.reference("/", app=make_admin_app(rtdb_namespace))
    two = db.reference("/", app=make_admin_app(rtdb_namespace + "-other"))

    one.child("x").set(1)

    assert two.child("x").get() is None
    assert one.child("x").get() == 1


def test_emulator_host_environment_variable_and_https_database_url(
    monkeypatch, database_host, rtdb_namespace, make_admin_app
):
    # rtdb.md §5.1 (b): ns is the first label of the https databaseURL's host.
    monkeypatch.setenv("FIREBASE_DATABASE_EMULATOR_HOST", database_host)
    app = admin_app(f"https://{rtdb_namespace}.firebaseio.com")
    try:
        db.reference("via-env", app=app).set({"ok": True})
        assert db.reference("via-env", app=make_admin_app(rtdb_namespace)).get() == {"ok": True}
    finally:
        firebase_admin.delete_app(app)
