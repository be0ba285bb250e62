"""Fixtures: start the real Hearth binary once per session and hand each test a
google-cloud-firestore Client that talks to it over the REST (GAPIC) transport.

The high-level ``firestore.Client`` always builds a gRPC transport; there is no public
switch to REST. We build the client normally and replace its private GAPIC client
(``_firestore_api_internal``) before first use (see WIRE.md and
/work/shared/reference/clients.md §1.4).
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import selectors
import signal
import subprocess
import tempfile
from pathlib import Path

import grpc
import pytest
from google.api_core import exceptions, gapic_v1
from google.auth.credentials import AnonymousCredentials
from google.cloud import firestore
from google.cloud.firestore_v1.services.firestore import FirestoreClient

REPO_ROOT = Path(__file__).resolve().parent.parent.parent

# Guards against a hung server, not assertions about speed.
STARTUP_GUARD_SECONDS = 60
SHUTDOWN_GUARD_SECONDS = 30
RPC_TIMEOUT_SECONDS = 60

_ANNOUNCE = re.compile(r"^export FIRESTORE_EMULATOR_HOST=(127\.0\.0\.1:\d+)\s*$")


# --------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------


def _binary() -> Path:
    env = os.environ.get("HEARTH_BINARY")
    path = Path(env) if env else REPO_ROOT / ".build" / "debug" / "hearth"
    if not path.is_absolute():
        path = REPO_ROOT / path
    if not path.exists():
        pytest.exit(f"Hearth binary not found at {path}; build it or set HEARTH_BINARY", returncode=2)
    return path


@pytest.fixture(scope="session")
def hearth_host():
    """Run `hearth serve --port 0` and yield "127.0.0.1:PORT" read from its announce line."""
    stderr_file = tempfile.TemporaryFile(mode="w+b")
    # A durable data directory, as users run it (removed at the end of the session).
    data_dir = tempfile.TemporaryDirectory(prefix="hearth-py-")
    proc = subprocess.Popen(
        [str(_binary()), "serve", "--port", "0", "--database-port", "0", "--log-level", "warning", "--data", data_dir.name],
        stdout=subprocess.PIPE,
        stderr=stderr_file,
        stdin=subprocess.DEVNULL,
    )

    def stderr_text() -> str:
        stderr_file.seek(0)
        return stderr_file.read().decode(errors="replace")[-4000:]

    # Read exactly one line from stdout. select() only bounds how long we wait if the
    # server never writes it; nothing is polled.
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    ready = sel.select(timeout=STARTUP_GUARD_SECONDS)
    sel.close()
    line = proc.stdout.readline().decode() if ready else ""
    match = _ANNOUNCE.match(line)
    if not match:
        proc.kill()
        proc.wait()
        pytest.exit(
            f"hearth did not announce its port; first stdout line: {line!r}\nstderr:\n{stderr_text()}",
            returncode=3,
        )

    yield match.group(1)

    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=SHUTDOWN_GUARD_SECONDS)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise AssertionError("hearth did not exit after SIGTERM")
    finally:
        proc.stdout.close()
        data_dir.cleanup()
    assert code == 0, f"hearth exited with {code} after SIGTERM; stderr:\n{stderr_text()}"


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
