"""One identity rule for every product: the same ID token is accepted or refused alike by
Firestore (REST and gRPC) and the Realtime Database (REST and its WebSocket protocol).

Expired tokens were accepted by Firestore and refused by the Realtime Database; tokens whose
`iss` named another project than their `aud` were accepted by both. The emulator suite's mock
token (`@firebase/rules-unit-testing`'s `createMockUserToken`: `iat: 0, exp: 3600`) is
accepted everywhere.
"""

from __future__ import annotations

import time

import grpc
import pytest
import requests
from google.cloud.firestore_v1.types import firestore as firestore_types

from grpc_support import database_name
from rtdb_support import mint_token
from rtdb_ws_client import RtdbSocket

GUARD_SECONDS = 20
PROJECT = "identity-rule"

TOKENS = {
    "mock": (mint_token("alice", PROJECT, iat=0, exp=3600), True),
    "fresh": (mint_token("alice", PROJECT), True),
    "expired": (mint_token("alice", PROJECT, iat=int(time.time()) - 7200, exp=int(time.time()) - 3600), False),
    "issuer-of-another-project": (mint_token("alice", PROJECT, iss="https://securetoken.google.com/other-project"), False),
}


def _firestore_rest(host: str, token: str) -> int:
    url = f"http://{host}/v1/projects/{PROJECT}/databases/(default)/documents/notes/n"
    return requests.get(url, headers={"Authorization": f"Bearer {token}"}, timeout=GUARD_SECONDS).status_code


def _firestore_grpc(host: str, token: str) -> grpc.StatusCode:
    channel = grpc.insecure_channel(host)
    try:
        call = channel.unary_unary(
            "/google.firestore.v1.Firestore/GetDocument",
            request_serializer=firestore_types.GetDocumentRequest.serialize,
            response_deserializer=lambda data: data,
        )
        try:
            call(
                firestore_types.GetDocumentRequest(name=f"{database_name(PROJECT)}/documents/notes/n"),
                metadata=[("authorization", f"Bearer {token}")],
                timeout=GUARD_SECONDS,
            )
        except grpc.RpcError as error:
            return error.code()
        return grpc.StatusCode.OK
    finally:
        channel.close()


@pytest.mark.parametrize("name", TOKENS)
def test_every_product_judges_a_token_alike(hearth_host, database_host, name):
    token, accepted = TOKENS[name]
    rest = _firestore_rest(hearth_host, token)
    rpc = _firestore_grpc(hearth_host, token)
    database = requests.get(f"http://{database_host}/notes.json?ns={PROJECT}&auth={token}", timeout=GUARD_SECONDS)
    if accepted:
        # The document is missing: NOT_FOUND is the answer an accepted caller gets.
        assert (rest, rpc, database.status_code) == (404, grpc.StatusCode.NOT_FOUND, 200)
    else:
        assert (rest, rpc, database.status_code) == (401, grpc.StatusCode.UNAUTHENTICATED, 401), database.text


def test_an_expired_token_is_told_so_on_each_product(hearth_host, database_host):
    token, _ = TOKENS["expired"]
    rest = requests.get(
        f"http://{hearth_host}/v1/projects/{PROJECT}/databases/(default)/documents/notes/n",
        headers={"Authorization": f"Bearer {token}"},
        timeout=GUARD_SECONDS,
    ).json()
    assert rest["error"]["status"] == "UNAUTHENTICATED"
    assert "expired" in rest["error"]["message"]
    database = requests.get(f"http://{database_host}/notes.json?ns={PROJECT}&auth={token}", timeout=GUARD_SECONDS).json()
    assert database == {"error": "Auth token is expired"}


def test_the_websocket_refuses_an_expired_token_with_its_status(database_host):
    token, _ = TOKENS["expired"]
    socket = RtdbSocket(database_host, PROJECT)
    try:
        reply = socket.auth(token)
    finally:
        socket.close()
    assert reply["s"] == "expired_token"
