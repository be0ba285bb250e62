"""The JavaScript SDK's v1 flows over REST against Hearth's Auth emulator: sign-up (e-mail and
anonymous), sign-in, token refresh with the form body the JS SDK sends, profile changes,
e-mail-link sign-in and password reset with the OOB codes read from
/emulator/v1/projects/{p}/oobCodes, the fake IdP, and identitytoolkit's error shape for
bad input (after which the server keeps serving)."""

from __future__ import annotations

import base64
import json

import pytest
import requests

from auth_support import API_KEY, AuthREST, decode_jwt, unsigned_id_token


@pytest.fixture
def rest(hearth, project_id):
    client = AuthREST(hearth.auth_host, project_id)
    yield client
    client.close()


@pytest.fixture
def default_rest(hearth):
    """The JS SDK's calls carry only an API key, so they reach the server's default project."""
    client = AuthREST(hearth.auth_host, "demo-hearth")
    yield client
    client.close()


def test_sign_up_sign_in_and_refresh_with_a_form_body(default_rest):
    rest = default_rest
    signed_up = rest.sign_up("flow@example.com", "secret1")
    assert signed_up["kind"] == "identitytoolkit#SignupNewUserResponse"
    assert signed_up["expiresIn"] == "3600"
    header, _, signature = signed_up["idToken"].split(".")
    assert signature == "" and json.loads(base64.urlsafe_b64decode(header + "=" * (-len(header) % 4))) == {"alg": "none", "typ": "JWT"}
    claims = decode_jwt(signed_up["idToken"])
    assert claims["iss"] == "https://securetoken.google.com/demo-hearth" and claims["aud"] == "demo-hearth"
    assert claims["sub"] == claims["user_id"] == signed_up["localId"]
    assert claims["firebase"] == {"identities": {"email": ["flow@example.com"]}, "sign_in_provider": "password"}
    for claim in ("exp", "iat", "auth_time"):
        assert isinstance(claims[claim], int)

    signed_in = rest.sign_in("flow@example.com", "secret1")
    assert signed_in["registered"] is True and signed_in["localId"] == signed_up["localId"]

    refreshed = rest.refresh_with_form(signed_in["refreshToken"])
    assert set(refreshed) == {"id_token", "access_token", "expires_in", "refresh_token", "token_type", "user_id", "project_id"}
    assert refreshed["access_token"] == refreshed["id_token"] and refreshed["token_type"] == "Bearer"
    assert refreshed["user_id"] == signed_up["localId"]
    as_json = rest.call("POST", "/securetoken.googleapis.com/v1/token", {"grantType": "refresh_token", "refreshToken": signed_in["refreshToken"]})
    assert as_json["user_id"] == signed_up["localId"], "iOS sends the same request as camelCase JSON"

    looked_up = rest.v1("lookup", {"idToken": refreshed["id_token"]})["users"][0]
    assert looked_up["email"] == "flow@example.com" and looked_up["providerUserInfo"][0]["providerId"] == "password"


def test_anonymous_sign_up_then_upgrade(default_rest):
    rest = default_rest
    anonymous = rest.sign_up()
    claims = decode_jwt(anonymous["idToken"])
    assert claims["provider_id"] == "anonymous" and claims["firebase"]["sign_in_provider"] == "anonymous"
    linked = rest.v1("signUp", {"idToken": anonymous["idToken"], "email": "upgraded@example.com", "password": "secret1", "returnSecureToken": True})
    assert linked["localId"] == anonymous["localId"]
    assert rest.sign_in("upgraded@example.com", "secret1")["localId"] == anonymous["localId"]


def test_profile_updates(default_rest):
    rest = default_rest
    token = rest.sign_up("profile@example.com", "secret1")["idToken"]
    updated = rest.v1("update", {"idToken": token, "displayName": "Pat", "photoUrl": "http://x/p.png", "returnSecureToken": True})
    assert (updated["displayName"], updated["photoUrl"]) == ("Pat", "http://x/p.png")
    assert "idToken" not in updated, "a profile change does not revoke tokens"
    cleared = rest.v1("update", {"idToken": token, "deleteAttribute": ["DISPLAY_NAME"]})
    assert "displayName" not in cleared
    changed = rest.v1("update", {"idToken": token, "password": "secret2", "returnSecureToken": True})
    assert "idToken" in changed, "a password change answers with fresh tokens"
    account = rest.v1("lookup", {"idToken": changed["idToken"]})["users"][0]
    assert account["photoUrl"] == "http://x/p.png" and "displayName" not in account
    valid_since = int(account["validSince"])
    assert valid_since >= decode_jwt(token)["iat"], "the change moved validSince to now"
    older = unsigned_id_token(account["localId"], "demo-hearth", issued_at=valid_since - 1)
    error = rest.v1("lookup", {"idToken": older}, expect_error=True)
    assert error.message == "TOKEN_EXPIRED", "tokens issued before the change are revoked"


def test_email_link_sign_in_with_the_listed_oob_code(rest):
    rest.v1("sendOobCode", {"requestType": "EMAIL_SIGNIN", "email": "Link@Example.com", "continueUrl": "https://app.example/done"},
            owner=True)
    [code] = rest.oob_codes()
    assert code["requestType"] == "EMAIL_SIGNIN" and code["email"] == "link@example.com"
    assert "/emulator/action?mode=signIn" in code["oobLink"] and code["oobCode"] in code["oobLink"]
    signed_in = rest.call("POST", f"/identitytoolkit.googleapis.com/v1/projects/{rest.project}/accounts:signInWithEmailLink",
                          {"email": "link@example.com", "oobCode": code["oobCode"]}, owner=True)
    assert signed_in["isNewUser"] is True
    user = rest.admin("lookup", {"localId": [signed_in["localId"]]})["users"][0]
    assert user["emailVerified"] is True and user["emailLinkSignin"] is True
    again = rest.call("POST", f"/identitytoolkit.googleapis.com/v1/projects/{rest.project}/accounts:signInWithEmailLink",
                      {"email": "link@example.com", "oobCode": code["oobCode"]}, owner=True, expect_error=True)
    assert again.message == "INVALID_OOB_CODE", "a code is used once"


def test_password_reset_with_the_listed_oob_code(default_rest):
    rest = default_rest
    rest.sign_up("reset@example.com", "before1")
    rest.v1("sendOobCode", {"requestType": "PASSWORD_RESET", "email": "reset@example.com"})
    codes = [code for code in rest.oob_codes() if code["email"] == "reset@example.com"]
    assert codes[-1]["requestType"] == "PASSWORD_RESET"
    code = codes[-1]["oobCode"]
    checked = rest.v1("resetPassword", {"oobCode": code})
    assert checked == {"kind": "identitytoolkit#ResetPasswordResponse", "requestType": "PASSWORD_RESET", "email": "reset@example.com"}
    rest.v1("resetPassword", {"oobCode": code, "newPassword": "after12"})
    assert rest.sign_in("reset@example.com", "after12")["registered"] is True
    assert rest.sign_in("reset@example.com", "before1", expect_error=True).message == "INVALID_PASSWORD"
    unknown = rest.v1("sendOobCode", {"requestType": "PASSWORD_RESET", "email": "nobody@example.com"}, expect_error=True)
    assert unknown.message == "EMAIL_NOT_FOUND"


def test_apple_sign_in_through_the_fake_idp(default_rest):
    rest = default_rest
    id_token = json.dumps({"sub": "apple-001", "email": "apple@example.com", "email_verified": True})
    body = {"postBody": f"id_token={id_token}&providerId=apple.com", "requestUri": "http://localhost", "returnSecureToken": True}
    first = rest.v1("signInWithIdp", body)
    assert first["isNewUser"] is True and first["providerId"] == "apple.com" and first["federatedId"] == "apple-001"
    assert first["oauthAccessToken"] == "FirebaseAuthEmulatorFakeAccessToken_apple.com"
    claims = decode_jwt(first["idToken"])
    assert claims["firebase"]["sign_in_provider"] == "apple.com"
    assert claims["firebase"]["identities"]["apple.com"] == ["apple-001"]
    second = rest.v1("signInWithIdp", body)
    assert second["localId"] == first["localId"] and "isNewUser" not in second
    assert rest.v1("revokeToken", {"idToken": second["idToken"], "providerId": "apple.com", "tokenType": "CODE", "token": "x"}) == {}


@pytest.mark.parametrize(
    ("endpoint", "body", "message"),
    [
        ("signUp", {"email": "weak@example.com", "password": "123"}, "WEAK_PASSWORD : Password should be at least 6 characters"),
        ("signUp", {"email": "nopassword@example.com"}, "MISSING_PASSWORD"),
        ("signUp", {"email": "not-an-email", "password": "secret1"}, "INVALID_EMAIL"),
        ("signInWithPassword", {"email": "nobody@example.com", "password": "secret1"}, "EMAIL_NOT_FOUND"),
        ("lookup", {"idToken": "not.a.token"}, "INVALID_ID_TOKEN"),
        ("lookup", {}, "MISSING_ID_TOKEN"),
        ("signInWithCustomToken", {"token": "{nope"}, "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))"),
    ],
)
def test_bad_input_gets_identitytoolkits_error_shape(rest, endpoint, body, message):
    error = rest.v1(endpoint, body, expect_error=True)
    assert error.status == 400
    assert error.body == {"error": {"code": 400, "message": message, "errors": [{"message": message, "reason": "invalid", "domain": "global"}]}}


def test_existing_email_and_garbage_bodies_keep_the_server_serving(hearth, default_rest):
    default_rest.sign_up("dupe@example.com", "secret1")
    assert default_rest.v1("signUp", {"email": "DUPE@example.com", "password": "secret1"}, expect_error=True).message == "EMAIL_EXISTS"
    url = f"http://{hearth.auth_host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key={API_KEY}"
    for garbage in (b"{", b"[1,2]", b"\xff\xfe", b'{"email": 5}'):
        response = requests.post(url, data=garbage, headers={"Content-Type": "application/json"}, timeout=30)
        assert response.status_code == 400, garbage
        assert response.json()["error"]["code"] == 400
    no_key = requests.post(f"http://{hearth.auth_host}/identitytoolkit.googleapis.com/v1/accounts:signUp", json={}, timeout=30)
    assert no_key.status_code == 403
    assert default_rest.sign_in("dupe@example.com", "secret1")["registered"] is True


def test_tenants_keep_their_own_accounts(rest, project_id):
    base = f"/identitytoolkit.googleapis.com/v2/projects/{project_id}/tenants"
    tenant = rest.call("POST", base, {"displayName": "Blue", "allowPasswordSignup": True}, owner=True)
    tenant_id = tenant["tenantId"]
    assert tenant["name"] == f"projects/{project_id}/tenants/{tenant_id}"
    in_tenant = rest.v1("signUp", {"email": "t@example.com", "password": "secret1", "tenantId": tenant_id, "returnSecureToken": True})
    assert decode_jwt(in_tenant["idToken"])["firebase"]["tenant"] == tenant_id
    outside = rest.v1("signUp", {"email": "t@example.com", "password": "secret1", "returnSecureToken": True})
    assert outside["localId"] != in_tenant["localId"], "the same e-mail once per tenant"
    looked_up = rest.v1("lookup", {"idToken": in_tenant["idToken"]})["users"][0]
    assert looked_up["tenantId"] == tenant_id
    tenant_accounts = rest.call("GET", f"/identitytoolkit.googleapis.com/v1/projects/{project_id}/tenants/{tenant_id}/accounts:batchGet",
                                owner=True)["users"]
    assert [account["localId"] for account in tenant_accounts] == [in_tenant["localId"]]
    refreshed = rest.refresh_with_form(in_tenant["refreshToken"])
    assert decode_jwt(refreshed["id_token"])["firebase"]["tenant"] == tenant_id
    rest.call("DELETE", f"{base}/{tenant_id}", owner=True)
    assert rest.call("GET", base, owner=True)["tenants"] == []


def test_project_config_v2_and_emulator_views(rest, project_id):
    v2 = f"/identitytoolkit.googleapis.com/v2/projects/{project_id}/config"
    assert rest.call("GET", v2, owner=True)["signIn"] == {"allowDuplicateEmails": False}
    rest.call("PATCH", f"{v2}?updateMask=signIn.allowDuplicateEmails", {"signIn": {"allowDuplicateEmails": True}}, owner=True)
    assert rest.call("GET", f"/emulator/v1/projects/{project_id}/config") == {
        "signIn": {"allowDuplicateEmails": True}, "emailPrivacyConfig": {"enableImprovedEmailPrivacy": False}}
    first = rest.v1("signUp", {"email": "same@example.com", "password": "secret1"})
    second = rest.v1("signUp", {"email": "same@example.com", "password": "secret1"})
    assert first["localId"] != second["localId"], "duplicate e-mails allowed now"
    rest.call("DELETE", f"/emulator/v1/projects/{project_id}/accounts")
    assert rest.call("GET", f"/identitytoolkit.googleapis.com/v1/projects/{project_id}/accounts:batchGet", owner=True)["users"] == []


def test_project_discovery_endpoints(rest):
    rest.v1("signUp", {"email": "known@example.com", "password": "secret1"})
    known = rest.v1("createAuthUri", {"identifier": "Known@example.com", "continueUri": "http://localhost/"})
    assert (known["registered"], known["allProviders"], known["signinMethods"]) == (True, ["password"], ["password"])
    unknown = rest.v1("createAuthUri", {"identifier": "new@example.com", "continueUri": "http://localhost/"})
    assert (unknown["registered"], unknown["allProviders"]) == (False, [])
    assert rest.v1("createAuthUri", {"identifier": "x@example.com", "continueUri": "relative"}, expect_error=True).message == "INVALID_CONTINUE_URI"
    assert rest.call("GET", "/identitytoolkit.googleapis.com/v1/projects") == {"projectId": "12345", "authorizedDomains": ["localhost"]}
    assert rest.call("GET", "/identitytoolkit.googleapis.com/v1/recaptchaParams")["kind"] == "identitytoolkit#GetRecaptchaParamResponse"
    config = rest.call("GET", "/identitytoolkit.googleapis.com/v2/recaptchaConfig?clientType=CLIENT_TYPE_IOS&version=RECAPTCHA_ENTERPRISE")
    assert {entry["enforcementState"] for entry in config["recaptchaEnforcementState"]} == {"OFF"}


def test_google_sign_in_with_an_unsigned_jwt_links_to_the_verified_email(rest):
    def unsigned(claims: dict) -> str:
        def part(value: dict) -> str:
            return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()
        return f"{part({'alg': 'none'})}.{part(claims)}."
    password_user = rest.v1("signUp", {"email": "g@example.com", "password": "secret1"})
    id_token = unsigned({"sub": "g-42", "email": "g@example.com", "email_verified": True, "name": "Gee"})
    body = {"postBody": f"id_token={id_token}&providerId=google.com", "requestUri": "http://localhost", "returnSecureToken": True}
    signed_in = rest.v1("signInWithIdp", body)
    assert signed_in["localId"] == password_user["localId"], "a verified IdP e-mail signs in to the account that has it"
    assert signed_in["federatedId"] == "https://accounts.google.com/g-42"
    assert json.loads(signed_in["rawUserInfo"])["id"] == "g-42"
    providers = {info["providerId"] for info in rest.v1("lookup", {"idToken": signed_in["idToken"]})["users"][0]["providerUserInfo"]}
    assert "google.com" in providers
    bad = rest.v1("signInWithIdp", {"postBody": "id_token={}&providerId=google.com", "requestUri": "http://localhost"}, expect_error=True)
    assert bad.message.startswith("INVALID_IDP_RESPONSE")
