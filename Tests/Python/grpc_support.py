"""What the gRPC test modules (test_grpc_*.py) share: google-cloud-firestore's own
``firestore.Client`` with its DEFAULT transport, gRPC over h2c, pointed at Hearth through
``FIRESTORE_EMULATOR_HOST`` exactly as a user's code would be; clients that present a user's ID
token instead of the emulator's ``Bearer owner`` (an unsigned ID token, as the mobile SDKs send
it), for the rules tests; rules uploads; and, for the Listen and Write stream tests, a raw
bidirectional stream driven message by message with grpcio and the client's own generated
messages (``google.cloud.firestore_v1.types``), as the mobile SDKs drive Listen and Write.

A test module imports ``db`` and ``make_db`` from here to replace conftest.py's REST ones,
so the REST modules' tests can be collected again and run over gRPC unchanged.
"""

from __future__ import annotations

import os
import queue
import threading

import grpc
import pytest
import requests
from google.auth.credentials import AnonymousCredentials
from google.cloud import firestore
from google.cloud.firestore_v1.types import firestore as firestore_types

# No wait in the stream tests is a sleep: each blocks on an event with this deadline.
DEADLINE_SECONDS = 30


def grpc_client(host: str, project: str, token: str | None = "owner") -> firestore.Client:
    """A firestore.Client for `project` on its default gRPC transport, talking to Hearth at
    `host`. With the emulator variable set the client sends ``authorization: Bearer owner``
    (admin); `token` replaces that credential (an ID token), or None sends none."""
    os.environ["FIRESTORE_EMULATOR_HOST"] = host
    client = firestore.Client(project=project, credentials=AnonymousCredentials())
    if token != "owner":
        client.__class__ = _UserClient
        client._user_token = token
    return client


class _UserClient(firestore.Client):
    """The same client presenting another credential: the SDK builds its metadata in
    ``_rpc_metadata`` (base_client.py), so a user's token goes where a mobile SDK puts it."""

    @property
    def _rpc_metadata(self):
        metadata = [(key, value) for key, value in super()._rpc_metadata if key.lower() != "authorization"]
        if self._user_token is not None:
            metadata.append(("authorization", f"Bearer {self._user_token}"))
        return metadata


def close(client: firestore.Client) -> None:
    client.close()


@pytest.fixture
def db(hearth_host, project_id) -> firestore.Client:
    client = grpc_client(hearth_host, project_id)
    yield client
    close(client)


@pytest.fixture
def make_db(hearth_host):
    """Factory for more gRPC clients (another project, or a second writer on the same one)."""
    clients = []

    def factory(project: str) -> firestore.Client:
        clients.append(grpc_client(hearth_host, project))
        return clients[-1]

    yield factory
    for client in clients:
        close(client)


def put_rules(host: str, project: str, source: str) -> None:
    """Deploys Firestore rules for `project` (the emulator suite's :securityRules)."""
    response = requests.put(
        f"http://{host}/emulator/v1/projects/{project}:securityRules",
        json={"rules": {"files": [{"name": "firestore.rules", "content": source}]}},
        timeout=DEADLINE_SECONDS,
    )
    assert response.status_code == 200, response.text


def database_name(project: str) -> str:
    return f"projects/{project}/databases/(default)"


def document_name(project: str, path: str) -> str:
    return f"{database_name(project)}/documents/{path}"


class RawStream:
    """One bidirectional call (`Listen` or `Write`) driven by hand: `send` one request, `next`
    waits for the next response (or raises the call's grpc.RpcError), `close` half-closes."""

    _END = object()

    def __init__(self, host: str, method: str, request_type, response_type, project: str, token: str | None = "owner"):
        self.channel = grpc.insecure_channel(host)
        self._requests: queue.Queue = queue.Queue()
        self._responses: queue.Queue = queue.Queue()
        metadata = [("google-cloud-resource-prefix", database_name(project))]
        if token is not None:
            metadata.append(("authorization", f"Bearer {token}"))
        call = self.channel.stream_stream(
            f"/google.firestore.v1.Firestore/{method}",
            request_serializer=request_type.serialize,
            response_deserializer=response_type.deserialize,
        )
        self.call = call(self._request_iterator(), metadata=metadata, timeout=120)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _request_iterator(self):
        while True:
            request = self._requests.get()
            if request is self._END:
                return
            yield request

    def _read(self):
        try:
            for response in self.call:
                self._responses.put(response)
            self._responses.put(None)
        except grpc.RpcError as error:
            self._responses.put(error)

    def send(self, request) -> None:
        self._requests.put(request)

    def next(self):
        """The next response; raises the call's RpcError when it ended with one, returns None
        when it ended with OK."""
        item = self._responses.get(timeout=DEADLINE_SECONDS)
        if isinstance(item, grpc.RpcError):
            raise item
        return item

    def close(self) -> None:
        self._requests.put(self._END)
        self.channel.close()


def listen_stream(host: str, project: str, token: str | None = "owner") -> RawStream:
    return RawStream(host, "Listen", firestore_types.ListenRequest, firestore_types.ListenResponse, project, token)


def write_stream(host: str, project: str, token: str | None = "owner") -> RawStream:
    return RawStream(host, "Write", firestore_types.WriteRequest, firestore_types.WriteResponse, project, token)
