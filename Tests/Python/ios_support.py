"""What the Firebase iOS SDK puts on the wire against an Auth emulator (`Auth.auth().useEmulator`):
legacy v3 `relyingparty` calls, v2 calls for reCAPTCHA config and MFA, and securetoken refreshes
with a camelCase JSON body (firebase-ios-sdk Backend/IdentityToolkitRequest.swift,
SecureTokenRequest.swift; auth.md §3 and §6)."""

from __future__ import annotations

import urllib.parse

import requests

from auth_support import REQUEST_GUARD_SECONDS, EmulatorClient

V3 = "/www.googleapis.com/identitytoolkit/v3/relyingparty"
V2 = "/identitytoolkit.googleapis.com/v2"


class IOSClient(EmulatorClient):
    """Calls as the iOS SDK makes them: `?key=` on every URL, JSON bodies, no credentials."""

    def __init__(self, host: str, project: str = "demo-hearth"):
        super().__init__(host, project)

    def v3(self, endpoint: str, body: dict | None = None, *, expect_error: bool = False):
        return self.send("POST", f"{V3}/{endpoint}", body if body is not None else {}, expect_error=expect_error)

    def v2(self, endpoint: str, body: dict, *, expect_error: bool = False):
        return self.send("POST", f"{V2}/{endpoint}", body, expect_error=expect_error)

    def refresh(self, refresh_token: str) -> dict:
        """SecureTokenRequest: camelCase JSON, not the JS SDK's form."""
        return self.send("POST", "/securetoken.googleapis.com/v1/token", {"grantType": "refresh_token", "refreshToken": refresh_token})

    def verification_code(self, phone_number: str, session_info: str) -> str:
        """The SMS code the emulator "sent", read where tests read it."""
        [code] = [entry["code"] for entry in self.verification_codes()
                  if entry["phoneNumber"] == phone_number and entry["sessionInfo"] == session_info]
        return code

    def page(self, path: str, params: dict | None = None, **kwargs) -> requests.Response:
        """A page as a browser (or the SDK's in-app browser) opens it, redirects not followed."""
        return self.session.get(f"{self.base}{path}", params=params, allow_redirects=False, timeout=REQUEST_GUARD_SECONDS, **kwargs)


def query_of(url: str) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
