"""The contract run: openapi.yaml against a running `hearth serve`.

  1. openapi-spec-validator validates openapi.yaml (OpenAPI 3.2);
  2. `hearth serve --port 0 --database-port 0 --in-memory` starts, and seed.py writes data
     through the real API;
  3. every example in the document is checked (examples.py);
  4. the data is written again, then schemathesis runs three times with the same document, once
     for the Firestore operations against the first port, once for the Realtime Database ones
     (the `.json` paths, whose path-level `servers` name port 9000) against the second, and
     once for the Auth ones (operation ids `auth…`, servers :9099) against the third, with
     the checks not_a_server_error, status_code_conformance, content_type_conformance and
     response_schema_conformance;
  5. the server must still be up, and must exit 0 on SIGTERM.

Environment: HEARTH_BINARY (required); CONTRACT_MAX_EXAMPLES (default 25 per Firestore
operation, four times that per Realtime Database one);
CONTRACT_SEED (default 20260801); CONTRACT_REPORT_DIR (write each schemathesis run's
requests and responses there as HAR files); CONTRACT_WORKERS (default 1: Python 3.11's ast module is not thread-safe, which Hypothesis trips over with several workers).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import yaml
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

import examples
import seed
from server import HearthServer

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DOCUMENT = ROOT / "openapi.yaml"

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
# Streams never end: schemathesis reads each up to its first event, then closes it (see hooks.py).
CONFIG = HERE / "schemathesis.toml"
# The Auth port's operations (their paths name port 9099), run against it alone.
AUTH = r"^auth"
REQUEST_TIMEOUT_SECONDS = "10"


def dangling_keys(node: object, pointer: str = "") -> list[str]:
    """Keys without a value outside examples and constants: in YAML, a comma in an unquoted
    flow-mapping value (`{description: a, b}`) silently makes `b` such a key."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("example", "examples", "default", "const", "enum"):
                continue
            if value is None:
                found.append(f"{pointer}/{key}")
            found += dangling_keys(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += dangling_keys(value, f"{pointer}/{index}")
    return found


def step(title: str) -> None:
    print(f"--- {title}", flush=True)


def schemathesis(name: str, base_url: str, filters: list[str], scratch: Path, examples_scale: int = 1) -> int:
    command = [
        str(Path(sys.executable).parent / "st"), "--config-file", str(CONFIG), "run", str(DOCUMENT),
        "--url", base_url,
        "--checks", CHECKS,
        "--phases", "examples,coverage,fuzzing",
        "--max-examples", str(int(os.environ.get("CONTRACT_MAX_EXAMPLES", "25")) * examples_scale),
        "--seed", os.environ.get("CONTRACT_SEED", "20260801"),
        "--workers", os.environ.get("CONTRACT_WORKERS", "1"),
        "--request-timeout", REQUEST_TIMEOUT_SECONDS,
        "--header", "Authorization: Bearer owner",
        "--generation-database", "none",
        "--suppress-health-check", "all",
        "--no-color",
        *filters,
    ]
    if os.environ.get("CONTRACT_REPORT_DIR"):  # every request and response, for looking into a run
        command += ["--report", "har", "--report-har-path", str(Path(os.environ["CONTRACT_REPORT_DIR"]) / f"{name.split()[0]}.har")]
    env = {
        **os.environ,
        "SCHEMATHESIS_HOOKS": "hooks",
        "PYTHONPATH": str(HERE),
        "HEARTH_CONTRACT_SCRATCH": str(scratch),
    }
    step(f"schemathesis: {name} ({base_url})")
    started = time.monotonic()
    code = subprocess.call(command, cwd=scratch, env=env)
    print(f"schemathesis ({name}) exited {code} after {time.monotonic() - started:.0f}s", flush=True)
    return code


def main() -> int:
    binary = Path(os.environ["HEARTH_BINARY"])
    failures = 0
    passed = 0

    step(f"openapi-spec-validator {DOCUMENT.name}")
    spec, _ = read_from_filename(str(DOCUMENT))
    validate(spec)
    print("valid OpenAPI 3.2", flush=True)
    passed += 1
    for pointer in dangling_keys(spec):
        failures += 1
        print(f"FAIL {pointer}: a key without a value (an unquoted comma in a YAML flow mapping?)", flush=True)

    contract = examples.Contract(yaml.safe_load(DOCUMENT.read_text()))
    step("examples in the document, against their schemas")
    matching = 0
    for where, errors in examples.static_examples(contract):
        if errors:
            failures += 1
            print(f"FAIL {where}:\n  " + "\n  ".join(errors), flush=True)
        else:
            matching += 1
    print(f"{matching} examples match their schemas", flush=True)
    passed += matching

    with HearthServer(binary) as server:
        print(f"hearth serve: Firestore {server.firestore}, Realtime Database {server.database}, Auth {server.auth}", flush=True)
        seed.seed(server.firestore, server.database)
        seed.seed_auth(server.auth)

        step("examples in the document, against the running server")
        bases = {"firestore": server.firestore, "database": server.database, "auth": server.auth}
        for outcome in examples.live_examples(contract, bases, server.scratch):
            if outcome.errors:
                failures += 1
                print(f"FAIL {outcome.operation}: {outcome.request}\n  " + "\n  ".join(outcome.errors), flush=True)
            else:
                passed += 1
                print(f"ok   {outcome.operation}: {outcome.request}", flush=True)

        seed.seed(server.firestore, server.database)
        seed.seed_auth(server.auth)
        database_paths = ["--include-path-regex", r"\.json$"]
        firestore_paths = ["--include-path-regex", r"^/(v1|emulator)/|^/$", "--exclude-operation-id-regex", AUTH]
        auth_paths = ["--include-operation-id-regex", AUTH]
        # The Realtime Database's operations are few and cheap: four times the examples.
        for name, base, filters, scale in (
            ("Firestore and the emulator admin endpoints", server.firestore, firestore_paths, 1),
            ("Realtime Database", server.database, database_paths, 4),
            ("Auth", server.auth, auth_paths, 1),
        ):
            if schemathesis(name, base, filters, server.scratch, scale) == 0:
                passed += 1
            else:
                failures += 1

        step("hearth serve after the run")
        if not server.alive():
            failures += 1
            print(f"FAIL hearth serve died during the run; stderr:\n{server.stderr_text()}", flush=True)
        else:
            code = server.stop()
            if code != 0:
                failures += 1
                print(f"FAIL hearth serve exited {code} after SIGTERM; stderr:\n{server.stderr_text()}", flush=True)
            else:
                passed += 1
                print("exited 0 after SIGTERM", flush=True)
        if server.stderr_text().strip():
            print(f"hearth serve logged (errors only):\n{server.stderr_text()}", flush=True)

    print(f"contract: {passed} passed, {failures} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
