"""A small client of the Realtime Database WebSocket protocol (version 5), written from the
protocol (shared/reference/streams.md §1, clients.md §3.3; the JS SDK's PersistentConnection.ts,
Connection.ts and WebSocketConnection.ts), to drive `hearth serve` the way the iOS, Android and
JavaScript SDKs do. No PyPI package speaks this protocol (clients.md §5), so this tests our
reading of it, not a real SDK.

A reader thread joins split messages (a frame holding only a count, then that many chunks),
routes replies to their request numbers and queues server pushes. Nothing waits by sleeping:
replies and pushes are awaited with a timeout that only guards against a hung server.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import queue
import socket
import struct
import threading

from websockets.sync.client import connect

GUARD_SECONDS = 30
MAX_FRAME_CHARACTERS = 16384


class RtdbSocket:
    def __init__(self, host: str, namespace: str | None = None, path: str = "/.ws"):
        query = "v=5" + (f"&ns={namespace}" if namespace else "")
        self.url = f"ws://{host}{path}?{query}"
        self.ws = connect(self.url, max_size=None, open_timeout=GUARD_SECONDS).__enter__()
        self.raw_frames: list[str] = []
        self.pushes: queue.Queue = queue.Queue()
        self.controls: queue.Queue = queue.Queue()
        self._replies: dict[int, queue.Queue] = {}
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()
        self.closed = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.hello = self.controls.get(timeout=GUARD_SECONDS)
        assert self.hello["t"] == "h", self.hello

    # ---------------------------------------------------------------------------------
    # Requests
    # ---------------------------------------------------------------------------------

    def send(self, action: str, body: dict) -> int:
        """Sends a request without waiting; returns its number (await it with `reply`)."""
        with self._lock:
            number = next(self._numbers)
            self._replies[number] = queue.Queue()
        self.send_message(json.dumps({"t": "d", "d": {"r": number, "a": action, "b": body}}, separators=(",", ":")))
        return number

    def reply(self, number: int) -> dict:
        """The reply body `{s, d}` of request `number`."""
        try:
            return self._replies[number].get(timeout=GUARD_SECONDS)
        except queue.Empty:
            raise AssertionError(f"no reply to request {number} within {GUARD_SECONDS} s") from None

    def request(self, action: str, body: dict) -> dict:
        return self.reply(self.send(action, body))

    def send_message(self, text: str) -> None:
        """Sends one protocol message, split as the SDKs split it when it is long."""
        if len(text) <= MAX_FRAME_CHARACTERS:
            self.ws.send(text)
            return
        chunks = [text[i:i + MAX_FRAME_CHARACTERS] for i in range(0, len(text), MAX_FRAME_CHARACTERS)]
        self.ws.send(str(len(chunks)))
        for chunk in chunks:
            self.ws.send(chunk)

    def listen(self, path: str, query: dict | None = None, tag: int | None = None, hash: str = "") -> dict:
        body = {"p": path, "h": hash}
        if tag is not None:
            body["q"] = query or {}
            body["t"] = tag
        return self.request("q", body)

    def put(self, path: str, data, hash: str | None = None) -> dict:
        body = {"p": path, "d": data}
        if hash is not None:
            body["h"] = hash
        return self.request("p", body)

    def merge(self, path: str, data: dict) -> dict:
        return self.request("m", {"p": path, "d": data})

    def get(self, path: str, query: dict | None = None) -> dict:
        return self.request("g", {"p": path, "q": query or {}})

    def auth(self, credential: str) -> dict:
        return self.request("auth" if credential.count(".") == 2 else "gauth", {"cred": credential})

    # ---------------------------------------------------------------------------------
    # Pushes
    # ---------------------------------------------------------------------------------

    def next_push(self, what: str = "a push") -> dict:
        """The next server push `{a, b}`."""
        try:
            return self.pushes.get(timeout=GUARD_SECONDS)
        except queue.Empty:
            raise AssertionError(f"no {what} within {GUARD_SECONDS} s") from None

    def push_where(self, predicate, what: str) -> dict:
        """The first push matching `predicate`, skipping others."""
        while True:
            push = self.next_push(what)
            if predicate(push):
                return push

    # ---------------------------------------------------------------------------------
    # Ending
    # ---------------------------------------------------------------------------------

    def close(self) -> None:
        self.ws.close()
        self._reader.join(GUARD_SECONDS)

    def drop(self) -> None:
        """Ends the TCP connection without a WebSocket close frame (a lost network)."""
        sock = self.ws.socket
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
        self._reader.join(GUARD_SECONDS)

    # ---------------------------------------------------------------------------------
    # Reading
    # ---------------------------------------------------------------------------------

    def _read(self) -> None:
        expected = 0
        chunks: list[str] = []
        try:
            for frame in self.ws:
                self.raw_frames.append(frame)
                if expected == 0 and len(frame) <= 6 and frame.isdigit():
                    expected = int(frame)
                    chunks = []
                    continue
                if expected:
                    chunks.append(frame)
                    if len(chunks) < expected:
                        continue
                    frame, expected = "".join(chunks), 0
                self._dispatch(json.loads(frame))
        except Exception:  # noqa: BLE001 - the connection ended, however it ended
            pass
        finally:
            self.closed.set()

    def _dispatch(self, message: dict) -> None:
        if message["t"] == "c":
            self.controls.put(message["d"])
            return
        data = message["d"]
        if "r" in data:
            with self._lock:
                waiting = self._replies.get(data["r"])
            if waiting is not None:
                waiting.put(data["b"])
        else:
            self.pushes.put(data)


# --------------------------------------------------------------------------------------
# The SDK's hash (JS LeafNode.hash / ChildrenNode.hash; rtdb.md Appendix A), for transactions
# --------------------------------------------------------------------------------------


def _sha1_b64(text: str) -> str:
    return base64.b64encode(hashlib.sha1(text.encode("utf-8")).digest()).decode()


def _key_order(key: str):
    # Keys that are 32-bit integers sort first, numerically; then the others as strings (rtdb.md §6).
    try:
        number = int(key)
        if str(number) == key and -(2**31) <= number < 2**31:
            return (0, number, "")
    except ValueError:
        pass
    return (1, 0, key)


def sdk_hash(value) -> str:
    """The hash the SDKs send with a transaction's put (no priorities in these tests)."""
    if value is None:
        return ""
    if isinstance(value, dict):
        text = "".join(
            f":{key}:{sdk_hash(value[key])}" for key in sorted(value, key=_key_order) if sdk_hash(value[key])
        )
        return _sha1_b64(text) if text else ""
    if isinstance(value, bool):
        return _sha1_b64(f"boolean:{'true' if value else 'false'}")
    if isinstance(value, (int, float)):
        return _sha1_b64("number:" + struct.pack(">d", float(value)).hex())
    return _sha1_b64(f"string:{value}")
