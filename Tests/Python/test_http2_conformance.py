"""HTTP/2 (RFC 9113) and HPACK (RFC 7541) conformance of Hearth's own framing and HPACK code, case
by case as h2spec organises them (h2spec is not installable here): one table of cases, one
runner. Each case sends raw frames (http2_frames.py) to the real `hearth serve` over h2c on the
Firestore port, on a connection of its own, and checks the answer the RFC requires: a GOAWAY
with the error named (a connection error, §5.4.1), an RST_STREAM with it (a stream error,
§5.4.2; a GOAWAY with the same code also passes, as the RFC lets an endpoint treat a stream
error as a connection error), a response, or the frame accepted (a PING sent after it is
answered and nothing was reset).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Callable

import pytest

from http2_frames import (
    ACK, CONTINUATION, DATA, END_HEADERS, END_STREAM, GOAWAY, HEADERS, PADDED, PING, PRIORITY, PRIORITY_FLAG,
    PUSH_PROMISE, RST_STREAM, SETTINGS, WINDOW_UPDATE,
    COMPRESSION_ERROR, ENHANCE_YOUR_CALM, ERROR_NAMES, FLOW_CONTROL_ERROR, FRAME_SIZE_ERROR, PROTOCOL_ERROR,
    STREAM_CLOSED, CANCEL, NO_ERROR,
    ENABLE_PUSH, HEADER_TABLE_SIZE, INITIAL_WINDOW_SIZE, MAX_FRAME_SIZE,
    PREFACE, H2Connection, data, frame, goaway, ping, priority_payload, request_fields, rst_stream, settings,
    window_update,
)

# ------------------------------------------------------------------------------------------
# What a case expects
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConnectionError_:
    code: int


@dataclass(frozen=True)
class StreamError:
    code: int
    stream: int = 1


@dataclass(frozen=True)
class Accepted:
    """Nothing reset, no GOAWAY: a PING sent after the case's frames is answered."""


@dataclass(frozen=True)
class Response:
    stream: int = 1
    status: str | None = None


@dataclass(frozen=True)
class Check:
    """A case that reads the answer itself: `check(connection)` asserts."""
    check: Callable


@dataclass(frozen=True)
class Case:
    id: str
    title: str
    send: Callable[[H2Connection], None]
    expect: object
    handshake: bool = True


# ------------------------------------------------------------------------------------------
# Building blocks
# ------------------------------------------------------------------------------------------

PING_PROBE = b"probe!!!"


def post(c: H2Connection, stream: int = 1) -> None:
    """Opens `stream` with a POST whose body is still to come (the stream stays open)."""
    c.send(c.headers(stream, request_fields(method="POST"), end_stream=False))


def post_then(frames) -> Callable[[H2Connection], None]:
    """Opens stream 1 with a POST and sends `frames` (bytes, or built from the connection) in the
    same write, so they arrive before the 404 that ends the stream (after which the server,
    having reset it, ignores them)."""
    return lambda c: c.send(c.headers(1, request_fields(method="POST"), end_stream=False)
                            + (frames(c) if callable(frames) else frames))


def get(c: H2Connection, stream: int = 1) -> None:
    c.send(c.headers(stream))


def get_answered(c: H2Connection, stream: int = 1) -> None:
    """A GET on `stream`, read to its END_STREAM: the stream is closed on both sides."""
    get(c, stream)
    assert c.frames_until(lambda f: f.stream == stream and f.flags & END_STREAM and f.type in (HEADERS, DATA)), c.history()


def raw_headers(c: H2Connection, stream: int, block: bytes, *, end_stream: bool = True) -> None:
    c.send(frame(HEADERS, END_HEADERS | (END_STREAM if end_stream else 0), stream, block))


def literal(name: bytes, value: bytes) -> bytes:
    """A literal field without indexing, new name, no Huffman (RFC 7541 §6.2.2)."""
    return b"\x00" + bytes([len(name)]) + name + bytes([len(value)]) + value


def request_block(c: H2Connection, **kwargs) -> bytes:
    return c.header_block(request_fields(**kwargs))


def steps(*actions: Callable[[H2Connection], None]) -> Callable[[H2Connection], None]:
    def run(c: H2Connection) -> None:
        for action in actions:
            action(c)
    return run


def send(raw_or_builder) -> Callable[[H2Connection], None]:
    return lambda c: c.send(raw_or_builder(c) if callable(raw_or_builder) else raw_or_builder)


def malformed(*extra: tuple[str, str], fields: list[tuple[str, str]] | None = None) -> Callable[[H2Connection], None]:
    """A GET whose header list RFC 9113 §8.2/§8.3 calls malformed."""
    return lambda c: c.send(c.headers(1, fields if fields is not None else request_fields(extra=list(extra))))


def check_one_byte_data(c: H2Connection) -> None:
    """With the client's window at 1 byte the response's DATA comes one byte at a time."""
    first = c.frames_until(lambda f: f.type in (DATA, GOAWAY, RST_STREAM))
    assert first is not None and first.type == DATA and len(first.payload) == 1, c.history()


def check_window_change(c: H2Connection) -> None:
    """§6.9.2: with the window at 0 nothing is sent; SETTINGS_INITIAL_WINDOW_SIZE of 1 lets one byte go."""
    assert c.frames_until(lambda f: f.type == HEADERS and f.stream == 1), c.history()
    c.send(ping(PING_PROBE))
    assert c.frames_until(lambda f: f.type == PING or f.type == DATA).type == PING, c.history()
    c.send(settings((INITIAL_WINDOW_SIZE, 1)))
    first = c.frames_until(lambda f: f.type in (DATA, GOAWAY, RST_STREAM))
    assert first is not None and first.type == DATA and len(first.payload) == 1, c.history()


def check_negative_window(c: H2Connection) -> None:
    """§6.9.2: a window made negative by a smaller SETTINGS_INITIAL_WINDOW_SIZE sends nothing until
    WINDOW_UPDATEs bring it above 0."""
    first = c.frames_until(lambda f: f.type in (DATA, GOAWAY, RST_STREAM))
    assert first is not None and first.type == DATA and len(first.payload) == 5, c.history()
    c.send(settings((INITIAL_WINDOW_SIZE, 0)))  # the stream's window: 5 - 5 - 5 = -5
    c.send(window_update(1, 5))  # 0: still nothing
    c.send(ping(PING_PROBE))
    answer = c.frames_until(lambda f: f.type in (PING, DATA, GOAWAY))
    assert answer is not None and answer.type == PING, c.history()
    c.send(window_update(1, 1))
    last = c.frames_until(lambda f: f.type in (DATA, GOAWAY, RST_STREAM))
    assert last is not None and last.type == DATA and len(last.payload) == 1, c.history()


def check_ping_ack(c: H2Connection) -> None:
    answer = c.frames_until(lambda f: f.type in (PING, GOAWAY))
    assert answer is not None and answer.type == PING and answer.flags & ACK and answer.payload == b"hearth!!", c.history()


def check_no_ack_for_ack(c: H2Connection) -> None:
    c.send(ping(PING_PROBE))
    answer = c.frames_until(lambda f: f.type in (PING, GOAWAY))
    assert answer is not None and answer.type == PING and answer.payload == PING_PROBE, c.history()


def check_settings_ack(c: H2Connection) -> None:
    answer = c.frames_until(lambda f: f.type in (SETTINGS, GOAWAY))
    assert answer is not None and answer.type == SETTINGS and answer.flags & ACK, c.history()


def check_closed(c: H2Connection) -> None:
    """§3.4: an invalid preface is a PROTOCOL_ERROR, whose GOAWAY may be omitted (the peer is not
    speaking HTTP/2): the connection is closed."""
    got = c.frames_until(lambda f: f.type == GOAWAY)
    assert got is None or got.error_code == PROTOCOL_ERROR, c.history()


def check_preface_settings(c: H2Connection) -> None:
    answer = c.frames_until(lambda f: True)
    assert answer is not None and answer.type == SETTINGS and not answer.flags & ACK, c.history()


def continuation_flood(c: H2Connection, frames: int = 20_000) -> None:
    """HEADERS without END_HEADERS, then empty CONTINUATION frames, never ending the block
    (CVE-2024-27316): the server must cut it off."""
    c.send(c.headers(1, end_headers=False))
    batch = frame(CONTINUATION, 0, 1) * 1_000
    try:
        for _ in range(frames // 1_000):
            c.send(batch)
    except OSError:
        pass  # cut off while sending


def oversized_header_block(c: H2Connection) -> None:
    """A header block past SETTINGS_MAX_HEADER_LIST_SIZE, in CONTINUATION frames of 16 KiB."""
    c.send(c.headers(1, end_headers=False))
    limit = c.server_settings.get(6, 64 * 1024)
    filler = literal(b"x-filler", b"y" * 100) * 140  # about 15.6 KB of fields per frame
    try:
        for _ in range(limit // len(filler) + 4):
            c.send(frame(CONTINUATION, 0, 1, filler))
    except OSError:
        pass


def data_past_stream_window(c: H2Connection) -> None:
    """65,536 bytes of DATA on a stream, one past its 65,535-byte window, the server having
    granted no more (it gives a stream's window back only as the request is read, and this
    responder reads none of it). One write, so the frames arrive before the 404 that ends the
    stream (after which late DATA is ignored, the server having reset the stream)."""
    chunk = b"z" * 16_384
    c.send(c.headers(1, request_fields(method="POST"), end_stream=False) + data(1, chunk) * 3 + data(1, chunk[:16_383])
           + data(1, b"zz"))


def padding_past_stream_window(c: H2Connection) -> None:
    """Padding counts against the window (§6.9.1): four frames of 16,128 bytes and 255 of padding
    (16,384 each with the pad length) are one byte past the stream's window."""
    c.send(c.headers(1, request_fields(method="POST"), end_stream=False) + data(1, b"p" * 16_128, pad=255) * 4)


# ------------------------------------------------------------------------------------------
# The cases, as h2spec numbers them
# ------------------------------------------------------------------------------------------

CASES = [
    # generic: what a client does every day, accepted.
    Case("generic/1", "client connection preface, then a PING", send(ping()), Check(check_ping_ack)),
    Case("generic/2.1", "PRIORITY on an idle stream", send(frame(PRIORITY, 0, 3, priority_payload(0))), Accepted()),
    Case("generic/2.2", "WINDOW_UPDATE on a half-closed (remote) stream",
         steps(get, send(window_update(1, 100))), Response()),
    Case("generic/2.3", "PRIORITY on a half-closed (remote) stream",
         steps(get, send(frame(PRIORITY, 0, 1, priority_payload(0)))), Response()),
    Case("generic/2.4", "RST_STREAM on a half-closed (remote) stream", steps(get, send(rst_stream(1, CANCEL))), Accepted()),
    Case("generic/2.5", "PRIORITY on a closed stream",
         steps(get_answered, send(frame(PRIORITY, 0, 1, priority_payload(0)))), Accepted()),
    Case("generic/3.1.1", "a DATA frame", post_then(data(1, b"body", end_stream=True)), Response()),
    Case("generic/3.1.2", "several DATA frames",
         steps(post, send(data(1, b"a")), send(data(1, b"b")), send(data(1, b"c", end_stream=True))), Response()),
    Case("generic/3.1.3", "a padded DATA frame", post_then(data(1, b"body", end_stream=True, pad=8)), Response()),
    Case("generic/3.2.1", "a HEADERS frame", get, Response(status="404")),
    Case("generic/3.2.2", "a padded HEADERS frame",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM | PADDED, 1, b"\x06" + request_block(c) + b"\0" * 6)),
         Response()),
    Case("generic/3.2.3", "a HEADERS frame with priority",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM | PRIORITY_FLAG, 1, priority_payload(0, 200) + request_block(c))),
         Response()),
    Case("generic/3.3.1", "PRIORITY with weight 1", send(frame(PRIORITY, 0, 1, priority_payload(0, 0))), Accepted()),
    Case("generic/3.3.2", "PRIORITY with weight 256", send(frame(PRIORITY, 0, 1, priority_payload(0, 255))), Accepted()),
    Case("generic/3.3.3", "PRIORITY with a dependency", send(frame(PRIORITY, 0, 3, priority_payload(1))), Accepted()),
    Case("generic/3.3.4", "PRIORITY, exclusive", send(frame(PRIORITY, 0, 3, priority_payload(1, exclusive=True))), Accepted()),
    Case("generic/3.4.1", "RST_STREAM", post_then(rst_stream(1, CANCEL)), Accepted()),
    Case("generic/3.5.1", "SETTINGS with each known parameter",
         send(settings((HEADER_TABLE_SIZE, 4096), (ENABLE_PUSH, 0), (3, 100), (INITIAL_WINDOW_SIZE, 65535),
                       (MAX_FRAME_SIZE, 16384), (6, 65536))), Check(check_settings_ack)),
    Case("generic/3.7.1", "PING", send(ping()), Check(check_ping_ack)),
    Case("generic/3.8.1", "GOAWAY", send(goaway(0, NO_ERROR)), Accepted()),
    Case("generic/3.9.1", "WINDOW_UPDATE on the connection", send(window_update(0, 1)), Accepted()),
    Case("generic/3.9.2", "WINDOW_UPDATE on a stream", post_then(window_update(1, 1)), Accepted()),
    Case("generic/3.10.1", "one CONTINUATION",
         send(lambda c: (lambda block: frame(HEADERS, END_STREAM, 1, block[:3]) + frame(CONTINUATION, END_HEADERS, 1, block[3:]))(
             request_block(c))), Response()),
    Case("generic/3.10.2", "several CONTINUATIONs",
         send(lambda c: (lambda block: frame(HEADERS, END_STREAM, 1, block[:2]) + frame(CONTINUATION, 0, 1, block[2:4])
                         + frame(CONTINUATION, 0, 1, b"") + frame(CONTINUATION, END_HEADERS, 1, block[4:]))(request_block(c))),
         Response()),
    Case("generic/4.1", "GET", get, Response(status="404")),
    Case("generic/4.2", "HEAD", send(lambda c: c.headers(1, request_fields(method="HEAD"))), Response()),
    Case("generic/4.3", "POST with a body", post_then(data(1, b"{}", end_stream=True)), Response()),
    Case("generic/4.4", "POST with trailers",
         steps(post, send(data(1, b"{}")), send(lambda c: c.headers(1, [("x-trailer", "1")]))), Response()),
    Case("generic/5.1", "an indexed field (RFC 7541 §6.1)", send(lambda c: frame(
        HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84" + literal(b":authority", b"localhost"))), Response()),
    Case("generic/5.2", "a literal with incremental indexing, then its index",
         steps(send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM, 1,
                                    b"\x82\x86\x84\x41\x09localhost")),  # :authority indexed into the table
               send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM, 3, b"\x82\x86\x84\xbe"))),
         Response(stream=3)),
    Case("generic/5.3", "a literal without indexing (RFC 7541 §6.2.2)",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\x01\x09localhost")), Response()),
    Case("generic/5.4", "a literal never indexed (RFC 7541 §6.2.3)",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\x11\x09localhost")), Response()),
    Case("generic/5.5", "a Huffman-coded literal",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM, 1,
                              b"\x82\x86\x84\x41\x86\xa0\xe4\x1d\x13\x9d\x09")),  # "localhost"
         Response()),
    Case("generic/5.6", "a dynamic table size update first in a block",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x20\x82\x86\x84" + literal(b":authority", b"x"))),
         Response()),

    # http2/3.5: the connection preface.
    Case("http2/3.5.1", "the client connection preface and SETTINGS",
         send(PREFACE + settings()), Check(check_preface_settings), handshake=False),
    Case("http2/3.5.2", "an invalid connection preface",
         send(b"PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n"), Check(check_closed), handshake=False),
    Case("http2/3.5.3", "a first frame other than SETTINGS",
         send(PREFACE + ping()), ConnectionError_(PROTOCOL_ERROR), handshake=False),

    # http2/4.1: frame format.
    Case("http2/4.1.1", "a frame of unknown type", send(frame(0x16, 0, 0, b"ignored")), Accepted()),
    Case("http2/4.1.2", "a frame with undefined flags", send(ping(flags=0x16 & ~ACK)), Check(check_ping_ack)),
    Case("http2/4.1.3", "a frame with the reserved bit set",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM, 0x8000_0001, request_block(c))), Response()),
    # http2/4.2: frame size.
    Case("http2/4.2.1", "DATA of SETTINGS_MAX_FRAME_SIZE octets",
         post_then(data(1, b"d" * 16_384, end_stream=True)), Response()),
    Case("http2/4.2.2", "DATA past SETTINGS_MAX_FRAME_SIZE",
         post_then(data(1, b"d" * 16_385, end_stream=True)), StreamError(FRAME_SIZE_ERROR)),
    Case("http2/4.2.3", "HEADERS past SETTINGS_MAX_FRAME_SIZE",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM, 1,
                              request_block(c) + literal(b"x-big", b"v" * 120) * 130)),
         ConnectionError_(FRAME_SIZE_ERROR)),
    Case("http2/4.2.4", "a frame header whose length lies past SETTINGS_MAX_FRAME_SIZE",
         send(frame(PING, 0, 0, b"12345678", length=0xFFFFFF)), ConnectionError_(FRAME_SIZE_ERROR)),
    # http2/4.3: header compression.
    Case("http2/4.3.1", "an invalid header block fragment",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x00\x00\x00\x00\x00")), ConnectionError_(COMPRESSION_ERROR)),
    Case("http2/4.3.2", "PRIORITY in the middle of a header block",
         send(lambda c: frame(HEADERS, END_STREAM, 1, request_block(c)) + frame(PRIORITY, 0, 1, priority_payload(0))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/4.3.3", "HEADERS of another stream in the middle of a header block",
         send(lambda c: frame(HEADERS, END_STREAM, 1, request_block(c))
              + frame(HEADERS, END_HEADERS | END_STREAM, 3, request_block(c))),
         ConnectionError_(PROTOCOL_ERROR)),

    # http2/5.1: stream states.
    Case("http2/5.1.1", "idle: DATA", send(data(1)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/5.1.2", "idle: RST_STREAM", send(rst_stream(1, CANCEL)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/5.1.3", "idle: WINDOW_UPDATE", send(window_update(1, 100)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/5.1.4", "idle: CONTINUATION", send(lambda c: frame(CONTINUATION, END_HEADERS, 1, request_block(c))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/5.1.5", "half-closed (remote): DATA", steps(get, send(data(1))), StreamError(STREAM_CLOSED)),
    Case("http2/5.1.6", "half-closed (remote): HEADERS",
         steps(get, send(lambda c: c.headers(1, [("x-trailer", "1")]))), StreamError(STREAM_CLOSED)),
    Case("http2/5.1.7", "half-closed (remote): CONTINUATION",
         steps(get, send(lambda c: frame(CONTINUATION, END_HEADERS, 1, c.header_block([("x-a", "1")])))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/5.1.8", "closed: DATA after the client's RST_STREAM",
         post_then(rst_stream(1, CANCEL) + data(1)), StreamError(STREAM_CLOSED)),
    Case("http2/5.1.9", "closed: HEADERS after the client's RST_STREAM",
         post_then(lambda c: rst_stream(1, CANCEL) + c.headers(1, [("x-trailer", "1")])),
         StreamError(STREAM_CLOSED)),
    Case("http2/5.1.10", "closed: CONTINUATION after the client's RST_STREAM",
         post_then(lambda c: rst_stream(1, CANCEL) + frame(CONTINUATION, END_HEADERS, 1, c.header_block([("x-a", "1")]))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/5.1.11", "closed: DATA", steps(get_answered, send(data(1))), StreamError(STREAM_CLOSED)),
    Case("http2/5.1.12", "closed: HEADERS",
         steps(get_answered, send(lambda c: c.headers(1))), StreamError(STREAM_CLOSED)),
    Case("http2/5.1.13", "closed: CONTINUATION",
         steps(get_answered, send(lambda c: frame(CONTINUATION, END_HEADERS, 1, c.header_block([("x-a", "1")])))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/5.1.14", "closed: WINDOW_UPDATE (allowed a short while after END_STREAM)",
         steps(get_answered, send(window_update(1, 1))), Accepted()),
    Case("http2/5.1.15", "closed by the server's RST_STREAM: late DATA is ignored",
         steps(lambda c: c.send(c.headers(1, request_fields(method="POST", path="/x"), end_stream=False)),
               lambda c: c.frames_until(lambda f: f.stream == 1 and f.type == RST_STREAM),
               send(data(1, b"late"))),
         Accepted()),
    Case("http2/5.1.1.1", "HEADERS on an even stream id",
         send(lambda c: c.headers(2)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/5.1.1.2", "HEADERS on a stream id below one already opened",
         steps(lambda c: get(c, 5), lambda c: get(c, 3)), ConnectionError_(PROTOCOL_ERROR)),
    # http2/5.1.2: stream concurrency (SETTINGS_MAX_CONCURRENT_STREAMS).
    Case("http2/5.1.2.1", "more streams than SETTINGS_MAX_CONCURRENT_STREAMS",
         lambda c: c.send(b"".join(c.headers(1 + 2 * n, request_fields(method="POST"), end_stream=False)
                                   for n in range(c.server_settings[3] + 1))),
         StreamError(7, stream=2001)),  # REFUSED_STREAM on the 1,001st (one write: none is answered before)
    # http2/5.3: priority.
    Case("http2/5.3.1", "HEADERS that depends on its own stream",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM | PRIORITY_FLAG, 1, priority_payload(1) + request_block(c))),
         StreamError(PROTOCOL_ERROR)),
    Case("http2/5.3.2", "PRIORITY that depends on its own stream",
         send(frame(PRIORITY, 0, 1, priority_payload(1))), StreamError(PROTOCOL_ERROR)),
    # http2/5.4: error handling.
    Case("http2/5.4.1.1", "an invalid PING: GOAWAY, then the close",
         send(frame(PING, 0, 0, b"123456")), ConnectionError_(FRAME_SIZE_ERROR)),
    # http2/5.5: extensions.
    Case("http2/5.5.1", "an unknown extension frame", send(frame(0xFF, 0, 0, b"ext")), Accepted()),
    Case("http2/5.5.2", "an unknown extension frame in the middle of a header block",
         send(lambda c: frame(HEADERS, END_STREAM, 1, request_block(c)) + frame(0xFF, 0, 1, b"ext")),
         ConnectionError_(PROTOCOL_ERROR)),

    # http2/6.1: DATA.
    Case("http2/6.1.1", "DATA on stream 0", send(data(0)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.1.2", "DATA on a stream not open", steps(get, send(data(1))), StreamError(STREAM_CLOSED)),
    Case("http2/6.1.3", "DATA whose padding is longer than its payload",
         post_then(frame(DATA, PADDED | END_STREAM, 1, b"\x08abc")), ConnectionError_(PROTOCOL_ERROR)),
    # http2/6.2: HEADERS.
    Case("http2/6.2.1", "HEADERS without END_HEADERS, then PRIORITY",
         send(lambda c: frame(HEADERS, END_STREAM, 1, request_block(c)) + frame(PRIORITY, 0, 1, priority_payload(0))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.2.2", "HEADERS of another stream while a header block is open",
         send(lambda c: frame(HEADERS, END_STREAM, 1, request_block(c))
              + frame(HEADERS, END_HEADERS | END_STREAM, 3, request_block(c))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.2.3", "HEADERS on stream 0", send(lambda c: c.headers(0)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.2.4", "HEADERS whose padding is longer than its payload",
         send(lambda c: frame(HEADERS, END_HEADERS | END_STREAM | PADDED, 1, b"\xff" + request_block(c))),
         ConnectionError_(PROTOCOL_ERROR)),
    # http2/6.3: PRIORITY.
    Case("http2/6.3.1", "PRIORITY on stream 0", send(frame(PRIORITY, 0, 0, priority_payload(1))), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.3.2", "PRIORITY of a length other than 5 on an open stream",
         post_then(frame(PRIORITY, 0, 1, b"\x00\x00\x00\x00")), StreamError(FRAME_SIZE_ERROR)),
    Case("http2/6.3.3", "PRIORITY of a length other than 5 on an idle stream",
         send(frame(PRIORITY, 0, 1, b"\x00\x00\x00\x00")), StreamError(FRAME_SIZE_ERROR)),
    # http2/6.4: RST_STREAM.
    Case("http2/6.4.1", "RST_STREAM on stream 0", send(rst_stream(0, CANCEL)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.4.2", "RST_STREAM on an idle stream", send(rst_stream(1, CANCEL)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.4.3", "RST_STREAM of a length other than 4",
         post_then(frame(RST_STREAM, 0, 1, b"\x00\x00\x00")), ConnectionError_(FRAME_SIZE_ERROR)),
    # http2/6.5: SETTINGS.
    Case("http2/6.5.1", "SETTINGS ACK with a payload", send(frame(SETTINGS, ACK, 0, b"\x00\x01\x00\x00\x10\x00")),
         ConnectionError_(FRAME_SIZE_ERROR)),
    Case("http2/6.5.2", "SETTINGS on a stream", send(settings(stream=1)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.5.3", "SETTINGS of a length not a multiple of 6", send(frame(SETTINGS, 0, 0, b"\x00\x03\x00\x00")),
         ConnectionError_(FRAME_SIZE_ERROR)),
    Case("http2/6.5.2.1", "SETTINGS_ENABLE_PUSH of 2", send(settings((ENABLE_PUSH, 2))), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.5.2.2", "SETTINGS_INITIAL_WINDOW_SIZE past 2^31-1", send(settings((INITIAL_WINDOW_SIZE, 2**31))),
         ConnectionError_(FLOW_CONTROL_ERROR)),
    Case("http2/6.5.2.3", "SETTINGS_MAX_FRAME_SIZE below 16,384", send(settings((MAX_FRAME_SIZE, 16_383))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.5.2.4", "SETTINGS_MAX_FRAME_SIZE past 2^24-1", send(settings((MAX_FRAME_SIZE, 2**24))),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.5.2.5", "an unknown setting", send(settings((0xFF, 1))), Check(check_settings_ack)),
    Case("http2/6.5.3.1", "SETTINGS_INITIAL_WINDOW_SIZE given several times (the last counts)",
         steps(send(settings((INITIAL_WINDOW_SIZE, 100), (INITIAL_WINDOW_SIZE, 1))), get), Check(check_one_byte_data)),
    Case("http2/6.5.3.2", "SETTINGS is acknowledged", send(settings()), Check(check_settings_ack)),
    # http2/6.7: PING.
    Case("http2/6.7.1", "PING is acknowledged with its data", send(ping()), Check(check_ping_ack)),
    Case("http2/6.7.2", "a PING ACK is not answered", send(ping(flags=ACK)), Check(check_no_ack_for_ack)),
    Case("http2/6.7.3", "PING on a stream", send(ping(stream=1)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.7.4", "PING of a length other than 8", send(frame(PING, 0, 0, b"1234567")), ConnectionError_(FRAME_SIZE_ERROR)),
    # http2/6.8: GOAWAY.
    Case("http2/6.8.1", "GOAWAY on a stream", send(frame(GOAWAY, 0, 1, b"\0" * 8)), ConnectionError_(PROTOCOL_ERROR)),
    # http2/6.9: WINDOW_UPDATE.
    Case("http2/6.9.1", "WINDOW_UPDATE of 0 on the connection", send(window_update(0, 0)), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.9.2", "WINDOW_UPDATE of 0 on a stream", post_then(window_update(1, 0)), StreamError(PROTOCOL_ERROR)),
    Case("http2/6.9.3", "WINDOW_UPDATE of a length other than 4", send(frame(WINDOW_UPDATE, 0, 0, b"\0\0\0")),
         ConnectionError_(FRAME_SIZE_ERROR)),
    Case("http2/6.9.1.1", "a window of 1: DATA one byte at a time",
         steps(send(settings((INITIAL_WINDOW_SIZE, 1))), get), Check(check_one_byte_data)),
    Case("http2/6.9.1.2", "WINDOW_UPDATEs past 2^31-1 on the connection",
         send(window_update(0, 2**31 - 1) + window_update(0, 2**31 - 1)), ConnectionError_(FLOW_CONTROL_ERROR)),
    Case("http2/6.9.1.3", "WINDOW_UPDATEs past 2^31-1 on a stream",
         post_then(window_update(1, 2**31 - 1) + window_update(1, 2**31 - 1)), StreamError(FLOW_CONTROL_ERROR)),
    Case("http2/6.9.1.4", "DATA past a stream's receive window", data_past_stream_window, StreamError(FLOW_CONTROL_ERROR)),
    Case("http2/6.9.1.6", "padding counts against the window",
         padding_past_stream_window,
         StreamError(FLOW_CONTROL_ERROR)),
    Case("http2/6.9.2.1", "SETTINGS_INITIAL_WINDOW_SIZE raised after HEADERS",
         steps(send(settings((INITIAL_WINDOW_SIZE, 0))), get), Check(check_window_change)),
    Case("http2/6.9.2.2", "a window made negative by SETTINGS_INITIAL_WINDOW_SIZE",
         steps(send(settings((INITIAL_WINDOW_SIZE, 5))), get), Check(check_negative_window)),
    Case("http2/6.9.2.3", "SETTINGS_INITIAL_WINDOW_SIZE past 2^31-1", send(settings((INITIAL_WINDOW_SIZE, 2**31))),
         ConnectionError_(FLOW_CONTROL_ERROR)),
    # http2/6.10: CONTINUATION.
    Case("http2/6.10.1", "CONTINUATIONs after HEADERS",
         send(lambda c: (lambda block: frame(HEADERS, END_STREAM, 1, block[:1]) + frame(CONTINUATION, 0, 1, block[1:2])
                         + frame(CONTINUATION, END_HEADERS, 1, block[2:]))(request_block(c))), Response()),
    Case("http2/6.10.2", "CONTINUATION, then a frame other than CONTINUATION",
         send(lambda c: frame(HEADERS, END_STREAM, 1, request_block(c)) + frame(CONTINUATION, 0, 1, b"") + data(1)),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.10.3", "CONTINUATION on stream 0",
         send(lambda c: frame(HEADERS, END_STREAM, 1, request_block(c)) + frame(CONTINUATION, END_HEADERS, 0, b"")),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.10.4", "CONTINUATION after a HEADERS with END_HEADERS",
         send(lambda c: c.headers(1) + frame(CONTINUATION, END_HEADERS, 1, b"")), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.10.5", "CONTINUATION after a CONTINUATION with END_HEADERS",
         send(lambda c: frame(HEADERS, END_STREAM, 1, request_block(c)) + frame(CONTINUATION, END_HEADERS, 1, b"")
              + frame(CONTINUATION, END_HEADERS, 1, b"")), ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.10.6", "CONTINUATION after DATA", post_then(data(1) + frame(CONTINUATION, END_HEADERS, 1, b"")),
         ConnectionError_(PROTOCOL_ERROR)),
    Case("http2/6.10.7", "a flood of empty CONTINUATIONs (CVE-2024-27316)", continuation_flood,
         ConnectionError_(ENHANCE_YOUR_CALM)),
    Case("http2/6.10.8", "a header block past SETTINGS_MAX_HEADER_LIST_SIZE", oversized_header_block,
         ConnectionError_(ENHANCE_YOUR_CALM)),

    # http2/7: error codes.
    Case("http2/7.1", "GOAWAY with an unknown error code", send(goaway(0, 0xFF)), Accepted()),
    Case("http2/7.2", "RST_STREAM with an unknown error code", post_then(rst_stream(1, 0xFF)), Accepted()),

    # http2/8.1: request/response exchange.
    Case("http2/8.1.1", "a second HEADERS without END_STREAM",
         post_then(lambda c: c.headers(1, [("x-trailer", "1")], end_stream=False)), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.1", "a field name in upper case", malformed(("X-Upper", "1")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.1.1", "an unknown pseudo-header", malformed((":unknown", "1")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.1.2", "a response pseudo-header in a request", malformed((":status", "200")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.1.3", "a pseudo-header in trailers",
         send(lambda c: c.headers(1, request_fields(method="POST"), end_stream=False) + c.headers(1, [(":method", "POST")])),
         StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.1.4", "a pseudo-header after a regular field",
         malformed(fields=[(":method", "GET"), (":scheme", "http"), ("x-a", "1"), (":path", "/")]), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.2.1", "a connection-specific field", malformed(("connection", "keep-alive")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.2.2", "TE other than trailers", malformed(("te", "gzip")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.3.1", "an empty :path", malformed(fields=request_fields(path="")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.3.2", "no :method", malformed(fields=request_fields()[1:]), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.3.3", "no :scheme", malformed(fields=[request_fields()[0], *request_fields()[2:]]), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.3.4", "no :path", malformed(fields=[*request_fields()[:2], request_fields()[3]]), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.3.5", "a repeated :method", malformed((":method", "GET")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.3.6", "a repeated :scheme", malformed((":scheme", "http")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.3.7", "a repeated :path", malformed((":path", "/")), StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.6.1", "content-length other than the DATA sent",
         send(lambda c: c.headers(1, request_fields(method="POST", extra=[("content-length", "1")]), end_stream=False)
              + data(1, b"12345", end_stream=True)),
         StreamError(PROTOCOL_ERROR)),
    Case("http2/8.1.2.6.2", "content-length other than the sum of several DATA frames",
         send(lambda c: c.headers(1, request_fields(method="POST", extra=[("content-length", "4")]), end_stream=False)
              + data(1, b"12") + data(1, b"345", end_stream=True)),
         StreamError(PROTOCOL_ERROR)),
    # http2/8.2: server push.
    Case("http2/8.2.1", "PUSH_PROMISE from a client",
         post_then(lambda c: frame(PUSH_PROMISE, END_HEADERS, 1, b"\0\0\0\x02" + request_block(c))),
         ConnectionError_(PROTOCOL_ERROR)),

    # hpack/2.3: indexing tables.
    Case("hpack/2.3.3.1", "an indexed field past both tables",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\xff\x7f")), ConnectionError_(COMPRESSION_ERROR)),
    Case("hpack/2.3.3.2", "a literal whose name index is past both tables",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\x4f\xff\x01\x01x")), ConnectionError_(COMPRESSION_ERROR)),
    # hpack/4.2: maximum table size.
    Case("hpack/4.2.1", "a dynamic table size update past SETTINGS_HEADER_TABLE_SIZE",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x3f\xe2\x1f\x82\x86\x84")), ConnectionError_(COMPRESSION_ERROR)),
    # hpack/5.2: string literals.
    Case("hpack/5.2.1", "a Huffman string with EOS",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\x41\x84\xff\xff\xff\xff")), ConnectionError_(COMPRESSION_ERROR)),
    Case("hpack/5.2.2", "Huffman padding longer than 7 bits",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\x41\x82\x1f\xff")), ConnectionError_(COMPRESSION_ERROR)),
    Case("hpack/5.2.3", "Huffman padding that is not EOS's most significant bits",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\x41\x81\x18")), ConnectionError_(COMPRESSION_ERROR)),
    Case("hpack/5.2.4", "a string length past the block",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\x41\x7fx")), ConnectionError_(COMPRESSION_ERROR)),
    # hpack/6.1: indexed fields.
    Case("hpack/6.1.1", "index 0", send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x80")), ConnectionError_(COMPRESSION_ERROR)),
    # hpack/6.2/6.3.
    Case("hpack/6.2.1", "an integer that overflows",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\xff" + b"\xff" * 10 + b"\x01")),
         ConnectionError_(COMPRESSION_ERROR)),
    Case("hpack/6.3.1", "a dynamic table size update after a field",
         send(frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\x82\x86\x84\x20")), ConnectionError_(COMPRESSION_ERROR)),
]


# ------------------------------------------------------------------------------------------
# The runner
# ------------------------------------------------------------------------------------------


def _answer(c: H2Connection, expect) -> None:
    """Reads the server's answer and asserts it is the one `expect` names."""
    if isinstance(expect, ConnectionError_):
        got = c.frames_until(lambda f: f.type == GOAWAY)
        assert got is not None, f"the connection closed without GOAWAY; saw {c.history()}"
        assert got.error_code == expect.code, f"GOAWAY {ERROR_NAMES.get(got.error_code)}, not {ERROR_NAMES[expect.code]}; saw {c.history()}"
    elif isinstance(expect, StreamError):
        got = c.frames_until(lambda f: f.type == GOAWAY or f.type == RST_STREAM and (expect.stream is None or f.stream == expect.stream))
        assert got is not None, f"the connection closed without RST_STREAM or GOAWAY; saw {c.history()}"
        assert got.error_code == expect.code, (
            f"{got.describe()}, not {ERROR_NAMES.get(expect.code, expect.code)}; saw {c.history()}")
    elif isinstance(expect, Response):
        got = c.frames_until(lambda f: f.type == GOAWAY or f.stream == expect.stream and f.type in (HEADERS, RST_STREAM))
        assert got is not None and got.type == HEADERS, f"no response on stream {expect.stream}; saw {c.history()}"
        if expect.status is not None:
            assert (":status", expect.status) in got.fields, got.fields
    elif isinstance(expect, Accepted):
        c.send(ping(PING_PROBE))
        got = c.frames_until(lambda f: f.type == GOAWAY or f.type == RST_STREAM and f.error_code != NO_ERROR
                             or f.type == PING and f.payload == PING_PROBE)
        assert got is not None and got.type == PING, f"not accepted; saw {c.history()}"
    else:
        expect.check(c)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_http2_conformance(hearth, case: Case):
    with H2Connection(hearth.firestore_host) as c:
        if case.handshake:
            c.handshake()
        case.send(c)
        _answer(c, case.expect)


def test_http2_server_keeps_serving_after_the_cases(hearth):
    """Every connection error above closed only its own connection."""
    with H2Connection(hearth.firestore_host) as c:
        c.handshake()
        get(c)
        _answer(c, Response())
