"""Many streams opened at the same moment, every one's first bytes checked.

This is how the lost response heads were found: with a hundred SSE listeners opened together,
most received their first event before the `HTTP/1.1 200 OK` head, because the event was
drained by a flush already queued on the event loop for another stream. Opened one after
another, none did. So these tests open every stream first and read afterwards, over both
products' SSE listeners over HTTP/1.1 (a Firestore collection listener, a Realtime Database
`.json` stream; REST is not served over HTTP/2), the gRPC Listen stream over HTTP/2, and the
Realtime Database's WebSocket sessions.

Raw sockets, not a client library: a library that reads the status line first would hide bytes
that arrive before it, or fail with a parse error that does not say what came first.
"""

from __future__ import annotations

import socket
import urllib.parse

import h2.config
import h2.connection
import h2.events
import pytest

from hearth_process import HearthProcess

# How many streams open together: 100 lost 80 heads before the fix, 10 lost one.
STREAMS = 150
GUARD_SECONDS = 20


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process = HearthProcess(tmp_path_factory.mktemp("opened-together"))
    try:
        yield process
    finally:
        process.stop()


def _address(host: str) -> tuple[str, int]:
    name, port = host.rsplit(":", 1)
    return name, int(port)


def _connect_all(host: str, count: int) -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(_address(host), timeout=GUARD_SECONDS)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sockets.append(sock)
    return sockets


def _read_until(sock: socket.socket, marker: bytes, limit: int = 1 << 16) -> bytes:
    received = b""
    while marker not in received:
        piece = sock.recv(4096)
        if not piece:
            break
        received += piece
        if len(received) > limit:
            break
    return received


def _seed(server: HearthProcess, project: str) -> None:
    import requests

    base = f"http://{server.firestore_host}/v1/projects/{project}/databases/(default)/documents"
    requests.patch(f"{base}/events/e1", json={"fields": {"n": {"integerValue": "1"}}}, timeout=GUARD_SECONDS).raise_for_status()
    requests.put(
        f"http://{server.database_host}/msgs.json?ns={project}",
        json={"m1": {"text": "hello"}},
        headers={"Authorization": "Bearer owner"},
        timeout=GUARD_SECONDS,
    ).raise_for_status()


def _stream_targets(server: HearthProcess, project: str) -> dict[str, tuple[str, str, str]]:
    """product -> (host, path, what the first event starts with)."""
    return {
        "firestore": (server.firestore_host, f"/v1/projects/{project}/databases/(default)/documents/events", "event: snapshot"),
        "database": (server.database_host, f"/msgs.json?ns={urllib.parse.quote(project)}", "event: put"),
    }


@pytest.mark.parametrize("product", ["firestore", "database"])
def test_http1_streams_opened_together_each_get_their_head_first(server, product):
    project = f"together-h1-{product}"
    _seed(server, project)
    host, path, first_event = _stream_targets(server, project)[product]
    sockets = _connect_all(host, STREAMS)
    request = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n").encode()
    try:
        for sock in sockets:
            sock.sendall(request)
        wrong = []
        for index, sock in enumerate(sockets):
            received = _read_until(sock, first_event.encode())
            head, _, body = received.partition(b"\r\n\r\n")
            if not head.startswith(b"HTTP/1.1 200 OK\r\n") or first_event.encode() not in body:
                wrong.append((index, received[:120]))
        assert not wrong, f"{len(wrong)} of {STREAMS} streams did not start with their head, e.g. {wrong[:3]}"
    finally:
        for sock in sockets:
            sock.close()


def _h2_first_events(sock: socket.socket, connection: h2.connection.H2Connection) -> list[type]:
    """The kinds of the first events on stream 1, up to its first data (h2 itself raises a
    ProtocolError if DATA arrives on a stream before its HEADERS)."""
    kinds: list[type] = []
    while True:
        piece = sock.recv(65536)
        if not piece:
            return kinds
        for event in connection.receive_data(piece):
            if getattr(event, "stream_id", None) == 1:
                kinds.append(type(event))
                if isinstance(event, h2.events.ResponseReceived):
                    status = dict(event.headers).get(":status")
                    assert status == "200", f"status {status}"
                if isinstance(event, h2.events.DataReceived):
                    return kinds
        outgoing = connection.data_to_send()
        if outgoing:
            sock.sendall(outgoing)


def test_grpc_listen_streams_opened_together_each_get_their_headers_first(server):
    """The gRPC Listen stream over raw h2: HEADERS (:status 200, application/grpc) before the
    first message, on every one of many streams opened at once."""
    from google.cloud.firestore_v1.types import firestore as firestore_types
    from google.cloud.firestore_v1.types import query as query_types

    project = "together-grpc"
    _seed(server, project)
    database = f"projects/{project}/databases/(default)"
    request = firestore_types.ListenRequest(
        database=database,
        add_target=firestore_types.Target(
            target_id=1,
            query=firestore_types.Target.QueryTarget(
                parent=f"{database}/documents",
                structured_query=query_types.StructuredQuery(from_=[query_types.StructuredQuery.CollectionSelector(collection_id="events")]),
            ),
        ),
    )
    message = firestore_types.ListenRequest.serialize(request)
    framed = b"\x00" + len(message).to_bytes(4, "big") + message
    host = server.firestore_host
    opened = []
    for _ in range(STREAMS):
        sock = socket.create_connection(_address(host), timeout=GUARD_SECONDS)
        connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, header_encoding="utf-8"))
        connection.initiate_connection()
        connection.send_headers(
            1,
            [
                (":method", "POST"),
                (":scheme", "http"),
                (":authority", host),
                (":path", "/google.firestore.v1.Firestore/Listen"),
                ("content-type", "application/grpc"),
                ("te", "trailers"),
                ("google-cloud-resource-prefix", database),
            ],
        )
        connection.send_data(1, framed)
        sock.sendall(connection.data_to_send())
        opened.append((sock, connection))
    try:
        wrong = []
        for index, (sock, connection) in enumerate(opened):
            kinds = _h2_first_events(sock, connection)
            if not kinds or kinds[0] is not h2.events.ResponseReceived or h2.events.DataReceived not in kinds:
                wrong.append((index, [kind.__name__ for kind in kinds]))
        assert not wrong, f"{len(wrong)} of {STREAMS} Listen streams did not start with HEADERS, e.g. {wrong[:3]}"
    finally:
        for sock, _ in opened:
            sock.close()


def test_websocket_sessions_opened_together_each_get_their_101_first(server):
    """The Realtime Database WebSocket protocol: the `101 Switching Protocols` head, then the
    server's handshake frame, on every one of many connections upgraded at once."""
    project = "together-ws"
    host = server.database_host
    sockets = _connect_all(host, STREAMS)
    request = (
        f"GET /.ws?ns={project}&v=5 HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()
    try:
        for sock in sockets:
            sock.sendall(request)
        wrong = []
        for index, sock in enumerate(sockets):
            received = _read_until(sock, b'"t":"h"')
            head, _, frames = received.partition(b"\r\n\r\n")
            # A text frame (0x81) whose payload is the handshake message.
            if not head.startswith(b"HTTP/1.1 101 ") or not frames.startswith(b"\x81"):
                wrong.append((index, received[:120]))
        assert not wrong, f"{len(wrong)} of {STREAMS} sessions did not start with their 101, e.g. {wrong[:3]}"
    finally:
        for sock in sockets:
            sock.close()
