"""Helpers for the Auth emulator tests: a REST client that speaks identitytoolkit the way the
JavaScript SDK does (API key in the URL, JSON bodies, form bodies for securetoken), and
firebase-admin apps in emulator mode (FIREBASE_AUTH_EMULATOR_HOST), one per test project.

See /work/shared/reference/auth.md and clients.md §2.3 for what each client sends.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import itertools
import json
import os
import struct
import time

import firebase_admin
import requests

from rtdb_support import NoCredential

API_KEY = "fake-api-key"
DEFAULT_PROJECT = "demo-hearth"
REQUEST_GUARD_SECONDS = 30

_apps = itertools.count()


def auth_app(auth_host: str, project: str) -> firebase_admin.App:
    """A firebase-admin App for `project` whose `auth` module talks to Hearth.

    firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST when an app's auth client is first built,
    then sends `Authorization: Bearer owner` to http://HOST/identitytoolkit.googleapis.com/…"""
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = auth_host
    return firebase_admin.initialize_app(NoCredential(), {"projectId": project}, name=f"auth-test-{next(_apps)}")


def decode_jwt(token: str) -> dict:
    """The payload of an (unsigned) JWT."""
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def assert_second_factor_claims(id_token: str, *, uid: str, provider: str, second_factor: str, enrollment_id: str) -> None:
    """An ID token of a sign-in that completed a second factor names the first and the second."""
    claims = decode_jwt(id_token)
    assert claims["sub"] == uid and claims["firebase"]["sign_in_provider"] == provider
    assert claims["firebase"]["sign_in_second_factor"] == second_factor
    assert claims["firebase"]["second_factor_identifier"] == enrollment_id


def unsigned_id_token(uid: str, project: str, issued_at: int, **claims) -> str:
    """An ID token as the emulator would mint it, issued at `issued_at` (for revocation tests)."""
    def part(value: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()
    payload = {
        "iss": f"https://securetoken.google.com/{project}", "aud": project, "iat": issued_at, "exp": issued_at + 3600,
        "auth_time": issued_at, "sub": uid, "user_id": uid, "firebase": {"sign_in_provider": "password", "identities": {}},
        **claims,
    }
    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(payload)}."


class AuthError(AssertionError):
    def __init__(self, response: requests.Response):
        self.status = response.status_code
        self.body = response.json()
        self.message = self.body["error"]["message"]
        super().__init__(f"{self.status}: {self.message}")


class EmulatorClient:
    """What every test client of the Auth port shares: one requests session, `?key=` on client
    URLs, identitytoolkit's error shape as `AuthError`, and the emulator's listings of the
    codes it "sent" (OOB links, SMS codes) for `project`."""

    def __init__(self, host: str, project: str):
        self.host = host
        self.base = f"http://{host}"
        self.project = project
        self.session = requests.Session()

    def close(self) -> None:
        self.session.close()

    def send(self, method: str, path: str, body: dict | None = None, *, key: bool = True, headers: dict | None = None,
             expect_error: bool = False, **kwargs):
        """`method path` with the API key unless `key` is false; the JSON answer, or the
        `AuthError` when `expect_error` (then the call must fail)."""
        separator = "&" if "?" in path else "?"
        url = f"{self.base}{path}{separator}key={API_KEY}" if key else f"{self.base}{path}"
        response = self.session.request(method, url, json=body, headers=headers or {}, timeout=REQUEST_GUARD_SECONDS, **kwargs)
        if expect_error:
            assert response.status_code >= 400, f"{method} {path} should fail: {response.text}"
            return AuthError(response)
        if response.status_code != 200:
            raise AuthError(response)
        return response.json()

    def oob_codes(self) -> list[dict]:
        return self.send("GET", f"/emulator/v1/projects/{self.project}/oobCodes", key=False)["oobCodes"]

    def oob_code(self, email: str, request_type: str) -> dict:
        """The newest code of `request_type` "sent" to `email`."""
        return [code for code in self.oob_codes() if code["email"] == email and code["requestType"] == request_type][-1]

    def verification_codes(self) -> list[dict]:
        return self.send("GET", f"/emulator/v1/projects/{self.project}/verificationCodes", key=False)["verificationCodes"]


class AuthREST(EmulatorClient):
    """identitytoolkit v1 as the JS SDK calls it (`?key=`), plus the emulator-only endpoints."""

    def call(self, method: str, path: str, body: dict | None = None, *, owner: bool = False, expect_error: bool = False, **kwargs):
        headers = {"Authorization": "Bearer owner"} if owner else {}
        return self.send(method, path, body, key=not (owner or path.startswith("/emulator/")), headers=headers,
                         expect_error=expect_error, **kwargs)

    def v1(self, endpoint: str, body: dict, **kwargs):
        """A client call with an API key, for the default project as the JS SDK makes it, or
        under /v1/projects/{p}/ for a test's own project."""
        prefix = "" if self.project == DEFAULT_PROJECT else f"projects/{self.project}/"
        return self.call("POST", f"/identitytoolkit.googleapis.com/v1/{prefix}accounts:{endpoint}", body, **kwargs)

    def admin(self, endpoint: str, body: dict, **kwargs):
        return self.call("POST", f"/identitytoolkit.googleapis.com/v1/projects/{self.project}/accounts:{endpoint}", body, owner=True, **kwargs)

    def sign_up(self, email: str | None = None, password: str | None = None) -> dict:
        body = {"returnSecureToken": True}
        if email is not None:
            body["email"] = email
        if password is not None:
            body["password"] = password
        return self.v1("signUp", body)

    def sign_in(self, email: str, password: str, **kwargs):
        return self.v1("signInWithPassword", {"email": email, "password": password, "returnSecureToken": True}, **kwargs)

    def v2(self, endpoint: str, body: dict, **kwargs):
        """A v2 client call (MFA), for the default project or under /v2/projects/{p}/."""
        prefix = "" if self.project == DEFAULT_PROJECT else f"projects/{self.project}/"
        return self.call("POST", f"/identitytoolkit.googleapis.com/v2/{prefix}accounts/{endpoint}", body, **kwargs)

    def refresh_with_form(self, refresh_token: str) -> dict:
        """securetoken as the JS SDK sends it: a form body with snake_case keys."""
        return self.send("POST", "/securetoken.googleapis.com/v1/token",
                         data={"grant_type": "refresh_token", "refresh_token": refresh_token})


def now() -> int:
    return int(time.time())


def totp_code(shared_secret_key: str, at: float | None = None, period: int = 30, digits: int = 6) -> str:
    """The RFC 6238 code an authenticator app shows for a base32 secret (HMAC-SHA1, RFC 4226
    dynamic truncation), written from the RFCs rather than taken from the server under test."""
    key = base64.b32decode(shared_secret_key.upper() + "=" * (-len(shared_secret_key) % 8))
    step = int((time.time() if at is None else at) // period)
    mac = hmac.new(key, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    value = struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(value % 10**digits).zfill(digits)


def wrong_totp_code(shared_secret_key: str) -> str:
    """A six-digit code that is none of the codes of the current step or the steps either side."""
    now_seconds = time.time()
    taken = {totp_code(shared_secret_key, now_seconds + delta) for delta in (-60, -30, 0, 30, 60)}
    return next(candidate for candidate in (str(n).zfill(6) for n in range(1000)) if candidate not in taken)

