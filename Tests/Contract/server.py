"""Runs `hearth serve` on free ports for the contract run and stops it at the end."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import tempfile
import threading
from pathlib import Path

STARTUP_GUARD_SECONDS = 60
SHUTDOWN_GUARD_SECONDS = 30

_FIRESTORE = re.compile(r"^export FIRESTORE_EMULATOR_HOST=(127\.0\.0\.1:\d+)\s*$")
_DATABASE = re.compile(r"^export FIREBASE_DATABASE_EMULATOR_HOST=(127\.0\.0\.1:\d+)\s*$")
_AUTH = re.compile(r"^export FIREBASE_AUTH_EMULATOR_HOST=(127\.0\.0\.1:\d+)\s*$")


class HearthServer:
    """`hearth serve --port 0 --database-port 0 --in-memory`, started in an empty directory (so
    no firebase.json is read); `firestore`, `database` and `auth` are its three base URLs."""

    def __init__(self, binary: Path) -> None:
        self.binary = binary
        self.firestore = ""
        self.database = ""
        self.auth = ""
        self._directory = tempfile.TemporaryDirectory(prefix="hearth-contract-")
        self._stderr = tempfile.TemporaryFile(mode="w+b")
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def scratch(self) -> Path:
        """A directory the run may write into (exports land here)."""
        return Path(self._directory.name)

    def __enter__(self) -> HearthServer:
        env = {k: v for k, v in os.environ.items() if k not in ("GCLOUD_PROJECT", "GOOGLE_CLOUD_PROJECT")}
        self._process = subprocess.Popen(
            [str(self.binary), "serve", "--port", "0", "--database-port", "0", "--auth-port", "0", "--in-memory", "--log-level", "error"],
            cwd=self._directory.name,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
        )
        firestore = self._announced(_FIRESTORE)
        database = self._announced(_DATABASE)
        auth = self._announced(_AUTH)
        self.firestore, self.database, self.auth = f"http://{firestore}", f"http://{database}", f"http://{auth}"
        return self

    def _announced(self, pattern: re.Pattern[str]) -> str:
        """The next stdout line, which must match `pattern`. A thread reads it, so a server that
        never writes it costs the startup guard, not a hang."""
        assert self._process is not None and self._process.stdout is not None
        lines: queue.Queue[str] = queue.Queue()
        stdout = self._process.stdout
        threading.Thread(target=lambda: lines.put(stdout.readline().decode()), daemon=True).start()
        try:
            line = lines.get(timeout=STARTUP_GUARD_SECONDS)
        except queue.Empty:
            line = ""
        match = pattern.match(line)
        if not match:
            self._process.kill()
            self._process.wait()
            raise RuntimeError(f"hearth did not announce its ports; got {line!r}\nstderr:\n{self.stderr_text()}")
        return match.group(1)

    def stderr_text(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read().decode(errors="replace")[-8000:]

    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def stop(self) -> int:
        """SIGTERM, then the exit code (it must be 0: a clean shutdown)."""
        assert self._process is not None
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
        try:
            return self._process.wait(timeout=SHUTDOWN_GUARD_SECONDS)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
            return -1
        finally:
            if self._process.stdout:
                self._process.stdout.close()

    def __exit__(self, *exc: object) -> None:
        if self._process is not None and self._process.poll() is None:
            self.stop()
        self._directory.cleanup()
