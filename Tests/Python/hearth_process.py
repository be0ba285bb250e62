"""Start and stop a real `hearth serve` process and learn its two addresses.

`hearth serve` prints, on stdout, one line per service (port 0 means "pick one"):

    export FIRESTORE_EMULATOR_HOST=127.0.0.1:P1
    export FIREBASE_DATABASE_EMULATOR_HOST=127.0.0.1:P2

The session fixture in conftest.py starts one server for the whole run; tests that need a
server of their own (another --data directory, --database-rules, a restart) use this
class directly.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent

# Guards against a hung server, not assertions about speed.
STARTUP_GUARD_SECONDS = 60
SHUTDOWN_GUARD_SECONDS = 30

# firebase-admin's ListenerRegistration.close() closes the response while its thread is
# blocked reading the stream, and that close waits for the reader to get the next bytes
# (CPython's BufferedReader.close takes the lock the blocked read holds). Against a stream
# with no traffic it only returns at the next keep-alive, so the suite asks for one every
# quarter second (production and the default: about every 30 s). This also checks that
# keep-alive events do not disturb either client's stream.
DATABASE_KEEP_ALIVE_SECONDS = 0.25

_ANNOUNCE = re.compile(
    r"^export (FIRESTORE_EMULATOR_HOST|FIREBASE_DATABASE_EMULATOR_HOST|FIREBASE_AUTH_EMULATOR_HOST)=(127\.0\.0\.1:\d+)\s*$"
)


class HearthStartError(RuntimeError):
    pass


def hearth_binary() -> Path:
    env = os.environ.get("HEARTH_BINARY")
    path = Path(env) if env else REPO_ROOT / ".build" / "debug" / "hearth"
    if not path.is_absolute():
        path = REPO_ROOT / path
    return path


class HearthProcess:
    """One `hearth serve --port 0 --database-port 0 --database-keep-alive 0.25` process.

    `firestore_host` and `database_host` are "127.0.0.1:PORT" as announced on stdout.
    Extra arguments (e.g. ``["--database-rules", path]``) are appended to the command line.
    """

    def __init__(self, data_dir: str | os.PathLike, *extra_args: str, log_level: str = "warning"):
        self.data_dir = str(data_dir)
        self._stderr = tempfile.TemporaryFile(mode="w+b")
        self.proc = subprocess.Popen(
            [
                str(hearth_binary()), "serve", "--port", "0", "--database-port", "0", "--auth-port", "0",
                "--database-keep-alive", str(DATABASE_KEEP_ALIVE_SECONDS),
                "--log-level", log_level, "--data", self.data_dir, *extra_args,
            ],
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            stdin=subprocess.DEVNULL,
        )
        # A thread reads stdout to its end, so the server never blocks on a full pipe and
        # the announce lines arrive here through a queue we can wait on with a timeout.
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()
        hosts: dict[str, str] = {}
        seen: list[str] = []
        while len(hosts) < 3:
            try:
                line = self._lines.get(timeout=STARTUP_GUARD_SECONDS)
            except queue.Empty:
                line = None
            if line is None:
                self.proc.kill()
                self.proc.wait()
                raise HearthStartError(
                    f"hearth did not announce its three ports; stdout so far: {seen!r}\nstderr:\n{self.stderr_text()}"
                )
            seen.append(line)
            match = _ANNOUNCE.match(line)
            if match:
                hosts[match.group(1)] = match.group(2)
        self.firestore_host = hosts["FIRESTORE_EMULATOR_HOST"]
        self.database_host = hosts["FIREBASE_DATABASE_EMULATOR_HOST"]
        self.auth_host = hosts["FIREBASE_AUTH_EMULATOR_HOST"]

    def _read_stdout(self) -> None:
        for raw in self.proc.stdout:
            self._lines.put(raw.decode(errors="replace"))
        self._lines.put(None)

    def stderr_text(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode(errors="replace")[-4000:]

    def stop(self) -> int:
        """SIGTERM, wait for the exit (guarded), and return the exit code."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=SHUTDOWN_GUARD_SECONDS)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"hearth did not exit after SIGTERM; stderr:\n{self.stderr_text()}")
        finally:
            self._reader.join(timeout=SHUTDOWN_GUARD_SECONDS)
            self.proc.stdout.close()
        return code

    def kill(self) -> None:
        """SIGKILL: a crash, no chance to flush or clean up."""
        self.proc.kill()
        self.proc.wait()
        self._reader.join(timeout=SHUTDOWN_GUARD_SECONDS)
        self.proc.stdout.close()


def wait_for(condition, what: str, seconds: float = 30):
    """Polls `condition` until it returns a true value, which it returns, within `seconds`: for
    server state a client has no event for (no fixed sleeps)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"{what} did not happen within {seconds} s")
