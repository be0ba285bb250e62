"""The disk's own cost of a durable write, so the low-rate listener rows can be judged.

Usage: python3 fsync.py DIRECTORY [COUNT]   (standard library only)
Writes a 4 KiB page into a file in DIRECTORY and fsyncs it, COUNT times (100 by default),
10 ms apart (the low-rate rows' writes are 100 ms apart, each its own transaction), and prints
one line: the fsync's p50, p99 and max in milliseconds. Every acknowledged write, and so every
delivery (listeners get a write only once it is durable), waits for at least one such fsync
of the database's write-ahead log.
"""
import os
import sys
import time

directory = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
path = os.path.join(directory, "fsync-probe")
descriptor = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
page = b"x" * 4096
timings = []
try:
    for index in range(count):
        os.pwrite(descriptor, page, (index % 16) * 4096)
        started = time.perf_counter()
        os.fsync(descriptor)
        timings.append((time.perf_counter() - started) * 1000)
        time.sleep(0.01)
finally:
    os.close(descriptor)
    os.unlink(path)
timings.sort()
print("fsync of a 4 KiB write in the data directory: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d, 10 ms apart)"
      % (timings[len(timings) // 2], timings[min(len(timings) - 1, int(len(timings) * 0.99))], timings[-1], len(timings)))
