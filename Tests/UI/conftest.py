"""Fixtures of the web UI's browser tests: one `hearth serve` with rules for both products,
one headless Chromium (Debian's, through Debian's chromedriver), and on a failing test a
screenshot, the page's HTML and the browser console in .build/ui-artifacts/."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

import pytest
import requests
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Python"))
from hearth_process import HearthProcess, REPO_ROOT  # noqa: E402

ARTIFACTS = REPO_ROOT / ".build" / "ui-artifacts"
OWNER = {"Authorization": "Bearer owner"}

FIRESTORE_RULES = """rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /secrets/{id} {
      allow read: if request.auth != null && request.auth.uid == 'admin';
    }
  }
}
"""
# Line 5 above is the `allow read` that denies an unauthenticated read of /secrets/*.
FIRESTORE_DENYING_LINE = 5

DATABASE_RULES = """{
  "rules": {
    "ui": { ".read": true, ".write": true },
    "vault": { ".read": "auth != null" }
  }
}
"""


class Server:
    """Where the one server of the run listens, and REST helpers as owner."""

    def __init__(self, process: HearthProcess):
        self.process = process
        self.firestore = f"http://{process.firestore_host}"
        self.database = f"http://{process.database_host}"
        hub = requests.get(f"{self.firestore}/emulators", timeout=10).json()
        self.ui = f"http://127.0.0.1:{hub['ui']['port']}"
        self.auth = f"http://127.0.0.1:{hub['auth']['port']}" if "auth" in hub else None
        self.documents = f"{self.firestore}/v1/projects/demo-hearth/databases/(default)/documents"
        self.namespace = "demo-hearth-default-rtdb"

    def write(self, path: str, fields: dict) -> dict:
        answer = requests.patch(f"{self.documents}/{path}", json={"fields": fields}, headers=OWNER, timeout=30)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def read(self, path: str) -> requests.Response:
        return requests.get(f"{self.documents}/{path}", headers=OWNER, timeout=30)


@pytest.fixture(scope="session")
def server():
    with tempfile.TemporaryDirectory(prefix="hearth-ui-") as directory:
        rules = Path(directory) / "firestore.rules"
        rules.write_text(FIRESTORE_RULES)
        database_rules = Path(directory) / "database.rules.json"
        database_rules.write_text(DATABASE_RULES)
        process = HearthProcess(
            Path(directory) / "data", "--rules", str(rules), "--database-rules", str(database_rules),
            "--rules-check-interval", "0")
        try:
            yield Server(process)
        finally:
            process.stop()


@pytest.fixture(scope="session")
def chromium():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000", "--disable-gpu"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def browser(request, chromium, server):
    """The shared browser, in the light theme, with artifacts saved if the test fails."""
    chromium.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    yield chromium
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = request.node.name
        chromium.save_screenshot(str(ARTIFACTS / f"{name}.png"))
        (ARTIFACTS / f"{name}.html").write_text(chromium.page_source)
        try:
            console = chromium.get_log("browser")
        except Exception:  # noqa: BLE001 - the log is a courtesy
            console = []
        (ARTIFACTS / f"{name}.console.json").write_text(json.dumps(console, indent=2))


def eventually(condition, what: str, limit: float = 20.0):
    """Polls `condition` until it returns something truthy (returned) or `limit` seconds pass
    (a guard against hangs, not a timing assertion)."""
    deadline = time.monotonic() + limit
    last = None
    while time.monotonic() < deadline:
        try:
            last = condition()
        except Exception as error:  # noqa: BLE001 - retried until the deadline
            last = error
        if last and not isinstance(last, Exception):
            return last
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")
