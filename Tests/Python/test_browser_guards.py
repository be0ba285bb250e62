"""What a web page may not do through the developer's browser: reach Hearth by a rebound name
(DNS rebinding: the `Host` check on every port and protocol), or read the Realtime Database as
`owner` with a URL it can put in a `<script src>` (JSONP, `?auth=owner` on a no-cors request).

Raw requests with the headers a browser sends (`Host`, `Sec-Fetch-*`, `Origin`, `Referer`):
no client library sends them, and the point is what the server does with exactly those bytes.
"""

from __future__ import annotations

import socket

import grpc
import pytest
import requests
from google.cloud.firestore_v1.types import firestore as firestore_types

from hearth_process import HearthProcess
from rtdb_support import mint_token

GUARD_SECONDS = 20
REBOUND = "evil.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process = HearthProcess(tmp_path_factory.mktemp("browser-guards"), "--ui-port", "0", "--allow-host", "hearth.test")
    try:
        hub = requests.get(f"http://{process.firestore_host}/emulators", timeout=GUARD_SECONDS).json()
        process.ui_host = f"127.0.0.1:{hub['ui']['port']}"
        requests.put(
            f"http://{process.database_host}/users/bob.json?ns=guards",
            json={"secret": "s3cret"},
            headers={"Authorization": "Bearer owner"},
            timeout=GUARD_SECONDS,
        ).raise_for_status()
        yield process
    finally:
        process.stop()


def _get(host: str, path: str, *, host_header: str | None = None, **headers) -> requests.Response:
    if host_header is not None:
        headers["Host"] = host_header
    return requests.get(f"http://{host}{path}", headers=headers, timeout=GUARD_SECONDS)


def _port(host: str) -> str:
    return host.rsplit(":", 1)[1]


# Every HTTP/1.1 port and what a rebound page would want from it.
PORTS = {
    "firestore": ("firestore_host", "/v1/projects/guards/databases/(default)/documents/c"),
    "firestore-owner": ("firestore_host", "/v1/projects/guards/databases/(default)/documents/c"),
    "database": ("database_host", "/users/bob.json?ns=guards&auth=owner"),
    "auth-accounts": ("auth_host", "/emulator/v1/projects/guards/oobCodes"),
    "hub": ("firestore_host", "/emulators"),
    "ui": ("ui_host", "/"),
    "ui-config": ("ui_host", "/api/config"),
}


@pytest.mark.parametrize("target", PORTS)
def test_a_rebound_host_is_refused_on_every_port_naming_the_flag(server, target):
    attribute, path = PORTS[target]
    host = getattr(server, attribute)
    refused = _get(host, path, host_header=f"{REBOUND}:{_port(host)}", Authorization="Bearer owner")
    assert refused.status_code == 403, refused.text
    assert "--allow-host evil.example" in refused.text
    assert "s3cret" not in refused.text


@pytest.mark.parametrize("name", ["127.0.0.1", "localhost", "[::1]", "app.localhost", "hearth.test", "10.0.2.2"])
@pytest.mark.parametrize("target", ["firestore", "database", "ui"])
def test_addresses_loopback_names_and_allowed_names_are_served(server, target, name):
    attribute, path = PORTS[target]
    host = getattr(server, attribute)
    served = _get(host, path, host_header=f"{name}:{_port(host)}", Authorization="Bearer owner")
    assert served.status_code == 200, served.text


def test_a_rebound_websocket_upgrade_gets_no_session(server):
    host = server.database_host
    with socket.create_connection(tuple([host.rsplit(":", 1)[0], int(_port(host))]), timeout=GUARD_SECONDS) as sock:
        sock.sendall(
            (
                f"GET /.ws?ns=guards&v=5 HTTP/1.1\r\nHost: {REBOUND}:{_port(host)}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        received = b""
        while b"\r\n\r\n" not in received:
            piece = sock.recv(4096)
            if not piece:
                break
            received += piece
    assert received.startswith(b"HTTP/1.1 403 "), received[:200]


def test_a_rebound_grpc_call_is_permission_denied_naming_the_flag(server):
    channel = grpc.insecure_channel(server.firestore_host, options=[("grpc.default_authority", f"{REBOUND}:{_port(server.firestore_host)}")])
    try:
        call = channel.unary_unary(
            "/google.firestore.v1.Firestore/GetDocument",
            request_serializer=firestore_types.GetDocumentRequest.serialize,
            response_deserializer=lambda data: data,
        )
        with pytest.raises(grpc.RpcError) as raised:
            call(
                firestore_types.GetDocumentRequest(name="projects/guards/databases/(default)/documents/c/d"),
                metadata=[("authorization", "Bearer owner")],
                timeout=GUARD_SECONDS,
            )
        assert raised.value.code() == grpc.StatusCode.PERMISSION_DENIED
        assert "--allow-host" in raised.value.details()
    finally:
        channel.close()


def test_a_rebound_h2_request_is_misdirected(server):
    import h2.config
    import h2.connection
    import h2.events

    host = server.firestore_host
    with socket.create_connection((host.rsplit(":", 1)[0], int(_port(host))), timeout=GUARD_SECONDS) as sock:
        connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
        connection.initiate_connection()
        connection.send_headers(
            1, [(":method", "GET"), (":scheme", "http"), (":authority", REBOUND), (":path", "/emulators")], end_stream=True
        )
        sock.sendall(connection.data_to_send())
        status = None
        while status is None:
            piece = sock.recv(65536)
            assert piece, "the connection closed before a response"
            for event in connection.receive_data(piece):
                if isinstance(event, h2.events.ResponseReceived):
                    status = dict(event.headers)[":status"]
    assert status == "421"


# (query, headers): requests a page on another site can make the browser send with no preflight.
PAGE_REQUESTS = {
    "jsonp": ("auth=owner&callback=steal", {}),
    "jsonp-access-token": ("access_token=owner&callback=steal", {}),
    "jsonp-export": ("auth=owner&format=export&callback=steal", {}),
    "script-tag": ("auth=owner", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "script"}),
    "script-tag-access-token": ("access_token=owner", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}),
    "same-site-image": ("auth=owner", {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}),
    "link-followed": ("auth=owner", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"}),
    "older-browser-with-referer": ("auth=owner", {"Referer": "https://evil.example/page"}),
}


@pytest.mark.parametrize("case", PAGE_REQUESTS)
def test_owner_in_a_url_a_page_can_send_is_refused(server, case):
    query, headers = PAGE_REQUESTS[case]
    refused = _get(server.database_host, f"/users/bob.json?ns=guards&{query}", **headers)
    assert refused.status_code == 401, refused.text
    assert "s3cret" not in refused.text
    assert "owner" in refused.json()["error"]


# Requests that are not a page's doing, or whose page is checked by its Origin.
OWNER_SERVED = {
    "tool": ("auth=owner", {}),
    "typed-in-the-address-bar": ("auth=owner", {"Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate"}),
    "event-source-of-a-local-page": (
        "auth=owner",
        {"Origin": "http://localhost:3000", "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "cors", "Referer": "http://localhost:3000/"},
    ),
    "header-from-a-local-page": ("", {"Authorization": "Bearer owner", "Origin": "http://127.0.0.1:5173", "Sec-Fetch-Mode": "cors"}),
}


@pytest.mark.parametrize("case", OWNER_SERVED)
def test_owner_is_served_to_tools_users_and_local_pages(server, case):
    query, headers = OWNER_SERVED[case]
    served = _get(server.database_host, f"/users/bob.json?ns=guards&{query}", **headers)
    assert served.status_code == 200, served.text
    assert served.json() == {"secret": "s3cret"}


def test_a_cors_page_on_another_site_is_refused_owner_in_the_url(server):
    refused = _get(
        server.database_host, "/users/bob.json?ns=guards&auth=owner", Origin="https://evil.example", **{"Sec-Fetch-Mode": "cors"}
    )
    assert refused.status_code == 401, refused.text
    assert "s3cret" not in refused.text


def test_jsonp_with_a_users_token_still_answers(server):
    token = mint_token("bob")
    served = _get(server.database_host, f"/users/bob.json?ns=guards&auth={token}&callback=show")
    assert served.status_code == 200, served.text
    assert served.text.startswith("show(")
