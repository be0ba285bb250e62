"""Raw HTTP/2 (RFC 9113) over a plain socket, for tests that must send what no client library
would: frames built byte by byte (any length, type, flag or stream id), header blocks encoded
with the `hpack` package (or given as raw bytes, for the HPACK cases), and the server's frames
read back one by one with a deadline.

h2c with prior knowledge on the Firestore port: the 24-byte preface, then frames. Used by the
conformance suite (test_http2_conformance.py) and the HTTP/2 hardening attacks
(test_hardening_http2.py).
"""

from __future__ import annotations

import socket
import struct
import time
from dataclasses import dataclass

import hpack

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"

# Frame types (RFC 9113 §6).
DATA, HEADERS, PRIORITY, RST_STREAM, SETTINGS, PUSH_PROMISE, PING, GOAWAY, WINDOW_UPDATE, CONTINUATION = range(10)
# Flags.
END_STREAM, ACK, END_HEADERS, PADDED, PRIORITY_FLAG = 0x1, 0x1, 0x4, 0x8, 0x20
# Error codes (RFC 9113 §7).
NO_ERROR, PROTOCOL_ERROR, INTERNAL_ERROR, FLOW_CONTROL_ERROR, SETTINGS_TIMEOUT, STREAM_CLOSED = range(6)
FRAME_SIZE_ERROR, REFUSED_STREAM, CANCEL, COMPRESSION_ERROR, CONNECT_ERROR, ENHANCE_YOUR_CALM = range(6, 12)
ERROR_NAMES = {
    0: "NO_ERROR", 1: "PROTOCOL_ERROR", 2: "INTERNAL_ERROR", 3: "FLOW_CONTROL_ERROR", 4: "SETTINGS_TIMEOUT",
    5: "STREAM_CLOSED", 6: "FRAME_SIZE_ERROR", 7: "REFUSED_STREAM", 8: "CANCEL", 9: "COMPRESSION_ERROR",
    10: "CONNECT_ERROR", 11: "ENHANCE_YOUR_CALM", 12: "INADEQUATE_SECURITY", 13: "HTTP_1_1_REQUIRED",
}
# Settings (RFC 9113 §6.5.2).
HEADER_TABLE_SIZE, ENABLE_PUSH, MAX_CONCURRENT_STREAMS, INITIAL_WINDOW_SIZE, MAX_FRAME_SIZE, MAX_HEADER_LIST_SIZE = range(1, 7)

# No wait is a sleep: every read has this deadline.
DEADLINE_SECONDS = 10


def frame(type_: int, flags: int, stream: int, payload: bytes = b"", *, length: int | None = None) -> bytes:
    """One frame's bytes; `length` overrides the header's length field (a lying frame)."""
    size = len(payload) if length is None else length
    return struct.pack(">I", size)[1:] + struct.pack(">BBI", type_, flags, stream) + payload


def settings(*pairs: tuple[int, int], flags: int = 0, stream: int = 0) -> bytes:
    return frame(SETTINGS, flags, stream, b"".join(struct.pack(">HI", key, value) for key, value in pairs))


def ping(data: bytes = b"hearth!!", *, flags: int = 0, stream: int = 0) -> bytes:
    return frame(PING, flags, stream, data)


def window_update(stream: int, increment: int) -> bytes:
    return frame(WINDOW_UPDATE, 0, stream, struct.pack(">I", increment))


def rst_stream(stream: int, code: int) -> bytes:
    return frame(RST_STREAM, 0, stream, struct.pack(">I", code))


def goaway(last_stream: int, code: int, debug: bytes = b"") -> bytes:
    return frame(GOAWAY, 0, 0, struct.pack(">II", last_stream, code) + debug)


def priority_payload(depends_on: int, weight: int = 15, exclusive: bool = False) -> bytes:
    return struct.pack(">IB", depends_on | (0x8000_0000 if exclusive else 0), weight)


def data(stream: int, body: bytes = b"x", *, end_stream: bool = False, pad: int | None = None) -> bytes:
    if pad is None:
        return frame(DATA, END_STREAM if end_stream else 0, stream, body)
    flags = PADDED | (END_STREAM if end_stream else 0)
    return frame(DATA, flags, stream, bytes([pad]) + body + b"\0" * pad)


def request_fields(path: str = "/", method: str = "GET", *, extra: list[tuple[str, str]] = ()) -> list[tuple[str, str]]:
    """A plain (not gRPC) request: the server answers 404 with a text body, so a response has
    both HEADERS and DATA."""
    return [(":method", method), (":scheme", "http"), (":path", path), (":authority", "localhost"), *extra]


@dataclass
class Frame:
    type: int
    flags: int
    stream: int
    payload: bytes
    fields: list[tuple[str, str]] | None = None

    @property
    def error_code(self) -> int:
        """RST_STREAM's code, or GOAWAY's."""
        offset = 4 if self.type == GOAWAY else 0
        return struct.unpack(">I", self.payload[offset:offset + 4])[0]

    def describe(self) -> str:
        names = {0: "DATA", 1: "HEADERS", 2: "PRIORITY", 3: "RST_STREAM", 4: "SETTINGS", 5: "PUSH_PROMISE",
                 6: "PING", 7: "GOAWAY", 8: "WINDOW_UPDATE", 9: "CONTINUATION"}
        text = f"{names.get(self.type, self.type)}(stream {self.stream}, flags {self.flags:#x}, {len(self.payload)} bytes)"
        if self.type in (GOAWAY, RST_STREAM) and len(self.payload) >= 4:
            text += f" {ERROR_NAMES.get(self.error_code, self.error_code)}"
        if self.type == GOAWAY:
            text += f" {self.payload[8:]!r}"
        return text


class ConnectionClosed(Exception):
    pass


class H2Connection:
    """One raw h2c connection to `host` ("127.0.0.1:P"). `handshake()` sends the preface and
    SETTINGS and waits for the server's SETTINGS and its ACK of ours."""

    def __init__(self, host: str, *, timeout: float = DEADLINE_SECONDS):
        address, port = host.rsplit(":", 1)
        self.sock = socket.create_connection((address, int(port)), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.encoder = hpack.Encoder()
        self.decoder = hpack.Decoder()
        self.buffer = b""
        self.server_settings: dict[int, int] = {}
        self.seen: list[Frame] = []

    def __enter__(self) -> H2Connection:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass

    def handshake(self, *client_settings: tuple[int, int]) -> None:
        self.send(PREFACE + settings(*client_settings))
        got_settings = got_ack = False
        while not (got_settings and got_ack):
            received = self.read()
            if received.type == SETTINGS and received.flags & ACK:
                got_ack = True
            elif received.type == SETTINGS:
                for offset in range(0, len(received.payload), 6):
                    key, value = struct.unpack(">HI", received.payload[offset:offset + 6])
                    self.server_settings[key] = value
                self.send(settings(flags=ACK))
                got_settings = True

    def send(self, raw: bytes) -> None:
        self.sock.sendall(raw)

    def header_block(self, fields: list[tuple[str, str]]) -> bytes:
        return self.encoder.encode(fields)

    def headers(self, stream: int, fields: list[tuple[str, str]] | bytes = None, *, end_stream: bool = True,
                end_headers: bool = True, flags: int = 0, prefix: bytes = b"") -> bytes:
        """A HEADERS frame's bytes (the request of `request_fields()` unless given), encoded now,
        so frames must be sent in the order they were built."""
        block = fields if isinstance(fields, bytes) else self.header_block(fields or request_fields())
        flags |= (END_STREAM if end_stream else 0) | (END_HEADERS if end_headers else 0)
        return frame(HEADERS, flags, stream, prefix + block)

    def read(self, deadline: float | None = None) -> Frame:
        """The server's next frame; ConnectionClosed once it has closed, TimeoutError past
        `deadline` (time.monotonic())."""
        deadline = deadline or time.monotonic() + DEADLINE_SECONDS
        while True:
            if len(self.buffer) >= 9:
                length = int.from_bytes(self.buffer[:3], "big")
                if len(self.buffer) >= 9 + length:
                    type_, flags, stream = struct.unpack(">BBI", self.buffer[3:9])
                    received = Frame(type_, flags, stream & 0x7FFF_FFFF, self.buffer[9:9 + length])
                    self.buffer = self.buffer[9 + length:]
                    if type_ == HEADERS and flags & END_HEADERS:  # the server's blocks: never padded
                        received.fields = [(str(k, "utf-8"), str(v, "utf-8")) for k, v in self.decoder.decode(received.payload, raw=True)]
                    self.seen.append(received)
                    return received
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no frame from the server in time")
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                raise ConnectionClosed()
            self.buffer += chunk

    def frames_until(self, done, *, seconds: float = DEADLINE_SECONDS) -> Frame | None:
        """Reads until `done(frame)` is true, returning that frame, or None if the connection
        closed first (TimeoutError past `seconds`)."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                received = self.read(deadline)
            except ConnectionClosed:
                return None
            if done(received):
                return received

    def history(self) -> str:
        return ", ".join(received.describe() for received in self.seen) or "nothing"
