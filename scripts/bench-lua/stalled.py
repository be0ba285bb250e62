"""Stalled listeners: the server's memory while N listeners of a large document read nothing.

Usage: python3 stalled.py BASE_URL PID LISTENERS DOCUMENT_BYTES MAX_WRITES   (standard library only)
Writes the document (one string field of DOCUMENT_BYTES), opens LISTENERS listen streams on it
from sockets with a 4 KiB receive buffer, each reading its first snapshot and then nothing,
waits (polling the listeners admin endpoint) until all are open, then writes the document
until every listener has been cut off (at most MAX_WRITES times), waits until every stream is
closed, and prints one line: the server's resident memory growth (VmRSS of PID, MiB) with the
listeners stalled, at its peak, and after they were closed, then the number of writes.
"""
import http.client
import json
import socket
import sys
import time
import urllib.parse

base, pid, listeners, size, writes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
url = urllib.parse.urlparse(base)
path = "/v1/projects/bench/databases/(default)/documents/stalled/big"


def rss():
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) * 1024


def request(method, target, body=None):
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    connection.request(method, target, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def write(index):
    body = json.dumps({"fields": {"n": {"integerValue": str(index)}, "v": {"stringValue": "x" * size}}})
    status, _ = request("PATCH", path, body)
    assert status == 200, status


def counts():
    _, data = request("GET", "/emulator/v1/projects/bench/listeners")
    return json.loads(data)


def wait_until(condition, what):
    deadline = time.monotonic() + 60
    while not condition(counts()):
        if time.monotonic() > deadline:
            sys.exit(f"stalled.py: {what} did not happen within 60 s: {counts()}")
        time.sleep(0.01)


write(0)
before = rss()
sockets = []
for _ in range(listeners):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect((url.hostname, url.port))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n".encode())
    received = b""
    while b'"initial":true}' not in received[-64 * 1024:]:
        piece = s.recv(1 << 20)
        if not piece:
            sys.exit("stalled.py: the server closed a listen stream before its first snapshot")
        received += piece
    sockets.append(s)
wait_until(lambda c: c["listeners"] == listeners, "opening every listener")
stalled = rss() - before
peak = stalled
written = 0
while counts()["listeners"] > 0:
    if written == writes:
        sys.exit(f"stalled.py: the stalled listeners were not cut off by {writes} writes: {counts()}")
    written += 1
    write(written)
    peak = max(peak, rss() - before)
wait_until(lambda c: c["streams"] == 0, "closing every cut-off stream")
after = rss() - before
for s in sockets:
    s.close()
mib = 1024 * 1024
print(f"{stalled / mib:.1f} {peak / mib:.1f} {after / mib:.1f} {written}")
