"""HTTP/2 attacks on a real `hearth serve`, each for a few seconds, while another client's
latency and the server's RSS are measured (hardening_support.run_attack): the server must stay
within its bounds and keep serving everyone else.

- DATA past the flow-control window, on 20 connections (issue 35, item 5): each opens a
  stream and sends DATA without waiting for WINDOW_UPDATEs; a stream past its 64 KiB window is
  reset with FLOW_CONTROL_ERROR (the connection's past its window: GOAWAY), and what a
  connection may make the server hold is its streams' windows and about 1 MiB unread. (Before,
  the bytes kept between reads grew by a read each time: 36 MiB to 3.4 GiB in 5 s.)
- Empty CONTINUATION floods, on 4 connections (CVE-2024-27316, issue 35 item 6): HEADERS
  without END_HEADERS, then empty CONTINUATION frames that never end the block; each is cut off
  with GOAWAY ENHANCE_YOUR_CALM after 128 frames, and the attacker reconnects.
"""

from __future__ import annotations

from hardening_support import HardenedServer, run_attack
from http2_frames import CONTINUATION, ConnectionClosed, H2Connection, data, frame, request_fields

MiB = 1 << 20
ATTACK_SECONDS = 4
# What 20 connections may make the server hold (about 1 MiB unread and a window each), the read
# buffers they fill, and the allocator's slack (measured: 7 to 40 MiB over the baseline).
DATA_FLOOD_RSS = 96 * MiB
# A header block holds at most the header list size plus a frame; 4 connections of them.
CONTINUATION_FLOOD_RSS = 32 * MiB


def _until_cut_off(stop, server, attack_one) -> None:
    """Runs `attack_one(connection)` on fresh connections until `stop` is set; each ends when the
    server cuts it off (the attack's point) or the stop comes."""
    while not stop.is_set():
        try:
            with H2Connection(server.firestore, timeout=2) as connection:
                connection.handshake()
                attack_one(connection, stop)
        except (OSError, TimeoutError, ConnectionClosed):  # cut off: start again
            continue


def _data_past_the_window(connection: H2Connection, stop) -> None:
    """Streams of DATA sent without waiting for a WINDOW_UPDATE, in single writes: every other
    stream exactly fills its 64 KiB window (so the connection's runs out: GOAWAY), the others go
    2 bytes past it (RST_STREAM). Both patterns once made the server hold GBs (the bytes kept
    between reads, HTTP2FrameCodec.channelRead)."""
    body = b"w" * 16_384
    stream = 1
    while not stop.is_set():
        extra = data(stream, b"zz") if stream % 4 == 3 else b""
        connection.send(connection.headers(stream, request_fields(method="POST"), end_stream=False)
                        + data(stream, body) * 3 + data(stream, body[:16_383]) + extra)
        stream += 2


def data_flood(stop, server) -> None:
    _until_cut_off(stop, server, _data_past_the_window)


def _empty_continuations(connection: H2Connection, stop) -> None:
    connection.send(connection.headers(1, end_headers=False))
    batch = frame(CONTINUATION, 0, 1) * 1_000
    while not stop.is_set():
        connection.send(batch)


def continuation_flood(stop, server) -> None:
    _until_cut_off(stop, server, _empty_continuations)


def test_data_past_the_window_on_20_connections_is_bounded():
    with HardenedServer() as server:
        result = run_attack(server, data_flood, seconds=ATTACK_SECONDS, workers=20)
        result.assert_held(rss_limit=result.baseline_rss + DATA_FLOOD_RSS)


def test_empty_continuation_floods_on_4_connections_are_cut_off():
    with HardenedServer() as server:
        result = run_attack(server, continuation_flood, seconds=ATTACK_SECONDS, workers=4)
        result.assert_held(rss_limit=result.baseline_rss + CONTINUATION_FLOOD_RSS)
