"""Fixtures: start the real Hearth binary once per session and hand each test a
google-cloud-firestore Client that talks to it over the REST (GAPIC) transport, or
Realtime Database clients (firebase-admin `db`, Pyrebase4) that talk to its database port.

The high-level ``firestore.Client`` always builds a gRPC transport; there is no public
switch to REST. We build the client normally and replace its private GAPIC client
(``_firestore_api_internal``) before first use (see WIRE.md and
/work/shared/reference/clients.md §1.4).
"""

from __future__ import annotations

import functools
import hashlib
import os
import tempfile

import firebase_admin
import grpc
import pyrebase
import pytest
from firebase_admin import db as admin_db
from google.api_core import exceptions, gapic_v1
from google.auth.credentials import AnonymousCredentials
from google.cloud import firestore
from google.cloud.firestore_v1.services.firestore import FirestoreClient

from hearth_process import HearthProcess, HearthStartError, hearth_binary
from rtdb_support import Owner, admin_app, pyrebase_config

RPC_TIMEOUT_SECONDS = 60


# --------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def hearth() -> HearthProcess:
    """Run `hearth serve` (hearth_process.HearthProcess) once per session; it must exit 0 on
    SIGTERM. Both announced addresses are on the yielded HearthProcess."""
    if not hearth_binary().exists():
        pytest.exit(f"Hearth binary not found at {hearth_binary()}; build it or set HEARTH_BINARY", returncode=2)
    # A durable data directory, as users run it (removed at the end of the session).
    data_dir = tempfile.TemporaryDirectory(prefix="hearth-py-")
    try:
        server = HearthProcess(data_dir.name)
    except HearthStartError as error:
        data_dir.cleanup()
        pytest.exit(str(error), returncode=3)

    yield server

    try:
        code = server.stop()
    finally:
        data_dir.cleanup()
    assert code == 0, f"hearth exited with {code} after SIGTERM; stderr:\n{server.stderr_text()}"


@pytest.fixture(scope="session")
def hearth_host(hearth) -> str:
    """Firestore's "127.0.0.1:PORT" (the FIRESTORE_EMULATOR_HOST line)."""
    return hearth.firestore_host


@pytest.fixture(scope="session")
def database_host(hearth) -> str:
    """The Realtime Database's "127.0.0.1:PORT" (the FIREBASE_DATABASE_EMULATOR_HOST line)."""
    return hearth.database_host


# --------------------------------------------------------------------------------------
# The client
# --------------------------------------------------------------------------------------


def _status_of(exc: exceptions.GoogleAPICallError) -> str | None:
    response = getattr(exc, "response", None)
    if response is None:
        return None
    try:
        payload = response.json()
    except ValueError:
        return None
    if isinstance(payload, list):  # streaming methods may wrap the error in an array
        payload = next((p for p in payload if isinstance(p, dict)), {})
    error = payload.get("error") if isinstance(payload, dict) else None
    return error.get("status") if isinstance(error, dict) else None


def _remap(exc: exceptions.GoogleAPICallError) -> exceptions.GoogleAPICallError:
    """The REST transport picks the exception class from the HTTP status alone (409 ->
    Conflict, 400 -> BadRequest). The gRPC transport, and therefore the client's own
    logic (``@transactional`` retries only on ``Aborted``), uses the canonical code.
    Re-raise with the class named by the body's ``error.status`` so tests see what a
    gRPC user would see, and so a wrong ``status`` from the server shows up."""
    status = _status_of(exc)
    code = getattr(grpc.StatusCode, status, None) if status else None
    cls = exceptions.exception_class_for_grpc_status(code) if code else None
    if cls is None or cls is exceptions.GoogleAPICallError or type(exc) is cls:
        return exc
    new = cls(exc.message, errors=exc.errors, details=exc.details, response=exc.response)
    new.__cause__ = exc
    return new


def _rpc(method):
    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        # No GAPIC retries: the defaults retry 5xx for up to 300 s; against a local
        # server a 5xx is a bug we want to see at once.
        if kwargs.get("retry", gapic_v1.method.DEFAULT) is gapic_v1.method.DEFAULT:
            kwargs["retry"] = None
        if kwargs.get("timeout") in (None, gapic_v1.method.DEFAULT):
            kwargs["timeout"] = RPC_TIMEOUT_SECONDS
        try:
            return method(*args, **kwargs)
        except exceptions.GoogleAPICallError as exc:
            remapped = _remap(exc)
            if remapped is exc:
                raise
            raise remapped from exc

    return wrapper


class RestFirestoreClient(FirestoreClient):
    """GAPIC client on the REST transport, with status-aware errors (see _remap)."""


for _name in (
    "get_document", "list_documents", "update_document", "delete_document", "create_document",
    "batch_get_documents", "begin_transaction", "commit", "rollback", "run_query",
    "run_aggregation_query", "partition_query", "list_collection_ids", "batch_write",
):
    setattr(RestFirestoreClient, _name, _rpc(getattr(FirestoreClient, _name)))


def make_client(host: str, project: str) -> firestore.Client:
    """A firestore.Client for `project` that speaks REST to Hearth at `host`."""
    # With FIRESTORE_EMULATOR_HOST set, the client adds "authorization: Bearer owner"
    # (admin, bypasses rules), exactly as it does against the real emulator.
    os.environ["FIRESTORE_EMULATOR_HOST"] = host
    client = firestore.Client(project=project, credentials=AnonymousCredentials())
    client._firestore_api_internal = RestFirestoreClient(
        transport="rest",
        credentials=AnonymousCredentials(),
        client_options={"api_endpoint": f"http://{host}"},
    )
    return client


@pytest.fixture
def project_id(request) -> str:
    """A project id unique to the test, so every test sees an empty database."""
    digest = hashlib.sha1(request.node.nodeid.encode()).hexdigest()[:12]
    return f"demo-py-{digest}"


@pytest.fixture
def db(hearth_host, project_id) -> firestore.Client:
    client = make_client(hearth_host, project_id)
    yield client
    client._firestore_api_internal.transport.close()


@pytest.fixture
def make_db(hearth_host):
    """Factory for more clients (another project, or a second writer on the same one)."""
    clients = []

    def factory(project: str) -> firestore.Client:
        clients.append(make_client(hearth_host, project))
        return clients[-1]

    yield factory
    for client in clients:
        client._firestore_api_internal.transport.close()


# --------------------------------------------------------------------------------------
# The Realtime Database (firebase-admin `db`, Pyrebase4)
# --------------------------------------------------------------------------------------


def _digest(request) -> str:
    return hashlib.sha1(request.node.nodeid.encode()).hexdigest()[:16]


@pytest.fixture
def rtdb_namespace(request) -> str:
    """A database namespace unique to the test (`?ns=`), so every test starts empty."""
    return f"py-{_digest(request)}"


@pytest.fixture
def rtdb_path(request) -> str:
    """A top-level key unique to the test, for clients that cannot choose a namespace
    (Pyrebase has no `ns`: it always uses the default `demo-hearth-default-rtdb`)."""
    return f"t-{_digest(request)}"


@pytest.fixture
def make_admin_app(database_host):
    """Factory for firebase-admin Apps in emulator mode via `databaseURL=http://host?ns=NS`
    (rtdb.md §5.1 (a)). Extra keyword arguments are app options, e.g.
    databaseAuthVariableOverride."""
    apps = []

    def factory(namespace: str, **options):
        apps.append(admin_app(f"http://{database_host}?ns={namespace}", **options))
        return apps[-1]

    yield factory
    for app in apps:
        firebase_admin.delete_app(app)


@pytest.fixture
def rtdb(make_admin_app, rtdb_namespace):
    """firebase_admin.db root Reference (admin: `Bearer owner`) in this test's namespace."""
    return admin_db.reference("/", app=make_admin_app(rtdb_namespace))


@pytest.fixture
def rtdb_owner(database_host):
    """Raw requests to the database as `Bearer owner` (rules uploads, raw responses)."""
    owner = Owner(database_host)
    yield owner
    owner.close()


@pytest.fixture
def pyrebase_db(database_host):
    """A Pyrebase4 Database for Hearth's default namespace."""
    firebase = pyrebase.initialize_app(pyrebase_config(database_host))
    database = firebase.database()
    yield database
    database.requests.close()
