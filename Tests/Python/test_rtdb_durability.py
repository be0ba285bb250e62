"""Realtime Database data survives a restart on the same --data directory.

Each test runs servers of its own (hearth_process.HearthProcess) on a temporary data
directory: write with the real clients, stop the server (SIGTERM, or SIGKILL for a crash),
start a new one on the same directory (new ports), and read back.
"""

import firebase_admin
import pyrebase
import pytest
from firebase_admin import db, exceptions

from hearth_process import HearthProcess
from rtdb_support import Owner, admin_app, pyrebase_config

NAMESPACE = "durable-ns"


def write_everything(server: HearthProcess) -> dict:
    """Writes through both clients; returns what a reader must find afterwards."""
    app = admin_app(f"http://{server.database_host}?ns={NAMESPACE}")
    try:
        root = db.reference("/", app=app)
        root.child("users/ada").set({"name": "Ada", "langs": ["en", "fr"], "born": 1815})
        root.child("users/alan").set({"name": "Alan", "born": 1912})
        root.child("users").update({"ada/died": 1852, "alan/born": None, "grace/name": "Grace Hopper"})
        root.child("users/alan").delete()
        pushed = [root.child("log").push({"n": n}).key for n in range(3)]
        root.child("stamp").set({".sv": "timestamp"})
        root.child("count").set(41)
        root.child("count").transaction(lambda n: n + 1)
        root.child("i18n/漢字").set("é 漢 🔥")
        expected = root.get()
        etag = root.child("users").get(etag=True)[1]
    finally:
        firebase_admin.delete_app(app)

    assert expected["users"] == {
        "ada": {"name": "Ada", "langs": ["en", "fr"], "born": 1815, "died": 1852},
        "grace": {"name": "Grace Hopper"},
    }
    assert list(expected["log"]) == pushed and expected["count"] == 42

    pyre = pyrebase.initialize_app(pyrebase_config(server.database_host)).database()
    pyre.child("pyrebase").set({"a": 1, "b": {"c": "d"}})
    pyre.child("pyrebase").update({"a": None, "e": "f"})
    pyre.requests.close()

    return {"namespace": expected, "users_etag": etag, "default": {"pyrebase": {"b": {"c": "d"}, "e": "f"}}}


def read_everything(server: HearthProcess) -> dict:
    app = admin_app(f"http://{server.database_host}?ns={NAMESPACE}")
    try:
        root = db.reference("/", app=app)
        value = root.get()
        etag = root.child("users").get(etag=True)[1]
    finally:
        firebase_admin.delete_app(app)
    pyre = pyrebase.initialize_app(pyrebase_config(server.database_host)).database()
    default = {"pyrebase": dict(pyre.child("pyrebase").get().val())}
    pyre.requests.close()
    return {"namespace": value, "users_etag": etag, "default": default}


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


def test_data_survives_a_clean_restart(data_dir):
    first = HearthProcess(data_dir)
    try:
        expected = write_everything(first)
    finally:
        assert first.stop() == 0, first.stderr_text()

    second = HearthProcess(data_dir)
    try:
        assert read_everything(second) == expected
        # Push IDs stay monotonic across the restart.
        app = admin_app(f"http://{second.database_host}?ns={NAMESPACE}")
        try:
            after = db.reference("log", app=app).push({"n": 3}).key
            assert list(db.reference("log", app=app).get())[-1] == after
        finally:
            firebase_admin.delete_app(app)
    finally:
        assert second.stop() == 0, second.stderr_text()


def test_acknowledged_writes_survive_a_crash(data_dir):
    first = HearthProcess(data_dir)
    try:
        expected = write_everything(first)
    finally:
        first.kill()  # SIGKILL: nothing flushed at exit

    second = HearthProcess(data_dir)
    try:
        assert read_everything(second) == expected
    finally:
        assert second.stop() == 0, second.stderr_text()


def test_uploaded_rules_survive_a_restart(data_dir):
    rules = {"rules": {"open": {".read": True, ".write": True}}}
    first = HearthProcess(data_dir)
    try:
        owner = Owner(first.database_host)
        owner.put_rules(NAMESPACE, rules)
        owner.close()
    finally:
        assert first.stop() == 0, first.stderr_text()

    second = HearthProcess(data_dir)
    app = admin_app(f"http://{second.database_host}?ns={NAMESPACE}", databaseAuthVariableOverride={"uid": "u"})
    try:
        root = db.reference("/", app=app)
        root.child("open/x").set(1)
        with pytest.raises(exceptions.UnauthenticatedError):
            root.child("closed/x").set(1)
    finally:
        firebase_admin.delete_app(app)
        assert second.stop() == 0, second.stderr_text()
