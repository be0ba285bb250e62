"""What the Firebase iOS SDK puts on the wire against an Auth emulator (`Auth.auth().useEmulator`):
legacy v3 `relyingparty` calls, v2 calls for reCAPTCHA config and MFA, and securetoken refreshes
with a camelCase JSON body (firebase-ios-sdk Backend/IdentityToolkitRequest.swift,
SecureTokenRequest.swift; auth.md §3 and §6)."""

from __future__ import annotations

import urllib.parse

import requests

from auth_support import API_KEY, REQUEST_GUARD_SECONDS, AuthError

V3 = "/www.googleapis.com/identitytoolkit/v3/relyingparty"
V2 = "/identitytoolkit.googleapis.com/v2"


class IOSClient:
    """Calls as the iOS SDK makes them: `?key=` on every URL, JSON bodies, no credentials."""

    def __init__(self, host: str, project: str = "demo-hearth"):
        self.host = host
        self.base = f"http://{host}"
        self.project = project
        self.session = requests.Session()

    def close(self) -> None:
        self.session.close()

    def _send(self, method: str, path: str, body: dict | None, expect_error: bool, **kwargs):
        separator = "&" if "?" in path else "?"
        response = self.session.request(method, f"{self.base}{path}{separator}key={API_KEY}", json=body,
                                        timeout=REQUEST_GUARD_SECONDS, **kwargs)
        if expect_error:
            assert response.status_code >= 400, f"{method} {path} should fail: {response.text}"
            return AuthError(response)
        if response.status_code != 200:
            raise AuthError(response)
        return response.json()

    def v3(self, endpoint: str, body: dict | None = None, *, expect_error: bool = False):
        return self._send("POST", f"{V3}/{endpoint}", body if body is not None else {}, expect_error)

    def v2(self, endpoint: str, body: dict, *, expect_error: bool = False):
        return self._send("POST", f"{V2}/{endpoint}", body, expect_error)

    def refresh(self, refresh_token: str) -> dict:
        """SecureTokenRequest: camelCase JSON, not the JS SDK's form."""
        return self._send("POST", "/securetoken.googleapis.com/v1/token",
                          {"grantType": "refresh_token", "refreshToken": refresh_token}, False)

    def verification_code(self, phone_number: str, session_info: str) -> str:
        """The SMS code the emulator "sent", read where tests read it."""
        response = self.session.get(f"{self.base}/emulator/v1/projects/{self.project}/verificationCodes", timeout=REQUEST_GUARD_SECONDS)
        response.raise_for_status()
        [code] = [entry["code"] for entry in response.json()["verificationCodes"]
                  if entry["phoneNumber"] == phone_number and entry["sessionInfo"] == session_info]
        return code

    def oob_code(self, email: str, request_type: str) -> dict:
        response = self.session.get(f"{self.base}/emulator/v1/projects/{self.project}/oobCodes", timeout=REQUEST_GUARD_SECONDS)
        response.raise_for_status()
        return [code for code in response.json()["oobCodes"] if code["email"] == email and code["requestType"] == request_type][-1]

    def page(self, path: str, params: dict | None = None, **kwargs) -> requests.Response:
        """A page as a browser (or the SDK's in-app browser) opens it, redirects not followed."""
        return self.session.get(f"{self.base}{path}", params=params, allow_redirects=False, timeout=REQUEST_GUARD_SECONDS, **kwargs)


def query_of(url: str) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
