"""Fixtures for the gRPC test modules (test_grpc_*.py): google-cloud-firestore's own
``firestore.Client`` with its DEFAULT transport, gRPC over h2c, pointed at Hearth through
``FIRESTORE_EMULATOR_HOST`` exactly as a user's code would be; and clients that present a
user's ID token instead of the emulator's ``Bearer owner``, for the rules tests.

A test module imports ``db`` and ``make_db`` from here to replace conftest.py's REST ones,
so the REST modules' tests can be collected again and run over gRPC unchanged.
"""

from __future__ import annotations

import os

import pytest
from google.auth.credentials import AnonymousCredentials
from google.cloud import firestore


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
