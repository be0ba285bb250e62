"""Second factors beyond the phone: the TOTP factor production identitytoolkit v2 serves (the
emulator suite answers 501, firebase-tools#6224), enrolled and used with codes computed here
from the RFCs as an authenticator app computes them; and the MFA-pending answer of e-mail-link
and IdP sign-ins, which the emulator suite gives (operations.ts `signInWithEmailLink`,
`signInWithIdp` → `mfaPending`). The v2 calls are the JS SDK's (`mfa.ts`,
`mfa/assertions/totp.ts`)."""

from __future__ import annotations

import json
import secrets

import pytest

from auth_support import DEFAULT_PROJECT, AuthREST, assert_second_factor_claims, decode_jwt, totp_code, wrong_totp_code
from hearth_process import HearthProcess


@pytest.fixture
def rest(hearth, project_id):
    client = AuthREST(hearth.auth_host, project_id)
    yield client
    client.close()


def verified_user(rest: AuthREST, email: str | None = None) -> tuple[str, dict]:
    """An e-mail/password account with a verified e-mail (second factors need one)."""
    email = email or f"mfa-{secrets.token_hex(4)}@example.com"
    created = rest.sign_up(email, "secret1")
    rest.admin("update", {"localId": created["localId"], "emailVerified": True})
    return email, rest.sign_in(email, "secret1")


def enroll_totp(rest: AuthREST, id_token: str, display_name: str = "authenticator") -> tuple[str, dict]:
    """Starts and finalizes a TOTP enrollment; returns the shared secret and the finalize answer."""
    started = rest.v2("mfaEnrollment:start", {"idToken": id_token, "totpEnrollmentInfo": {}})["totpSessionInfo"]
    secret = started["sharedSecretKey"]
    enrolled = rest.v2("mfaEnrollment:finalize", {
        "idToken": id_token, "displayName": display_name,
        "totpVerificationInfo": {"sessionInfo": started["sessionInfo"], "verificationCode": totp_code(secret)},
    })
    return secret, enrolled


def finish_with_totp(rest: AuthREST, pending: dict, secret: str, enrollment_id: str | None = None, tenant_id: str | None = None,
                     **kwargs):
    """`mfaSignIn:finalize` with the current code of `secret` (or of the only factor shown)."""
    if enrollment_id is None:
        [factor] = pending["mfaInfo"]
        enrollment_id = factor["mfaEnrollmentId"]
    body = {"mfaPendingCredential": pending["mfaPendingCredential"], "mfaEnrollmentId": enrollment_id,
            "totpVerificationInfo": {"verificationCode": totp_code(secret)}}
    if tenant_id is not None:
        body["tenantId"] = tenant_id
    return rest.v2("mfaSignIn:finalize", body, **kwargs)


def test_totp_enrolment_then_password_sign_in_needs_the_code(rest):
    email, signed_in = verified_user(rest)
    started = rest.v2("mfaEnrollment:start", {"idToken": signed_in["idToken"], "totpEnrollmentInfo": {}})["totpSessionInfo"]
    assert started["verificationCodeLength"] == 6 and started["hashingAlgorithm"] == "SHA1" and started["periodSec"] == 30
    assert started["finalizeEnrollmentTime"].endswith("Z") and started["sessionInfo"]
    secret = started["sharedSecretKey"]
    assert len(secret) == 32 and set(secret) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), "160 bits in RFC 4648 base32"
    refused = rest.v2("mfaEnrollment:finalize", {
        "idToken": signed_in["idToken"],
        "totpVerificationInfo": {"sessionInfo": started["sessionInfo"], "verificationCode": wrong_totp_code(secret)},
    }, expect_error=True)
    assert refused.status == 400 and refused.message == "INVALID_CODE"
    enrolled = rest.v2("mfaEnrollment:finalize", {
        "idToken": signed_in["idToken"], "displayName": "phone app",
        "totpVerificationInfo": {"sessionInfo": started["sessionInfo"], "verificationCode": totp_code(secret)},
    })
    assert enrolled["totpAuthInfo"] == {}
    claims = decode_jwt(enrolled["idToken"])
    assert claims["firebase"]["sign_in_second_factor"] == "totp"
    [factor] = rest.v1("lookup", {"idToken": enrolled["idToken"]})["users"][0]["mfaInfo"]
    assert factor["displayName"] == "phone app" and "totpInfo" in factor and "phoneInfo" not in factor
    assert claims["firebase"]["second_factor_identifier"] == factor["mfaEnrollmentId"]

    pending = rest.sign_in(email, "secret1")
    assert "idToken" not in pending and pending["mfaPendingCredential"]
    [shown] = pending["mfaInfo"]
    assert shown == {"displayName": "phone app", "enrolledAt": factor["enrolledAt"], "mfaEnrollmentId": factor["mfaEnrollmentId"],
                     "totpInfo": {}}, "a first factor never sees the secret"
    finalize = {"mfaPendingCredential": pending["mfaPendingCredential"], "mfaEnrollmentId": factor["mfaEnrollmentId"]}
    wrong = rest.v2("mfaSignIn:finalize", {**finalize, "totpVerificationInfo": {"verificationCode": wrong_totp_code(secret)}},
                    expect_error=True)
    assert wrong.message == "INVALID_CODE"
    assert finish_with_totp(rest, pending, secret, "nope", expect_error=True).message == "MFA_ENROLLMENT_NOT_FOUND"
    no_start = rest.v2("mfaSignIn:start", {**finalize, "phoneSignInInfo": {}}, expect_error=True)
    assert no_start.status == 400, "TOTP has no start phase"
    done = finish_with_totp(rest, pending, secret)
    expected = {"uid": signed_in["localId"], "provider": "password", "second_factor": "totp", "enrollment_id": factor["mfaEnrollmentId"]}
    assert_second_factor_claims(done["idToken"], **expected)
    assert_second_factor_claims(rest.refresh_with_form(done["refreshToken"])["id_token"], **expected)  # a refresh keeps it

    withdrawn = rest.v2("mfaEnrollment:withdraw", {"idToken": done["idToken"], "mfaEnrollmentId": factor["mfaEnrollmentId"]})
    assert "mfaInfo" not in rest.v1("lookup", {"idToken": withdrawn["idToken"]})["users"][0]
    assert "idToken" in rest.sign_in(email, "secret1"), "without the factor the password alone signs in"


def test_totp_enrolment_refuses_what_production_refuses(rest):
    anonymous = rest.sign_up()
    ineligible = rest.v2("mfaEnrollment:start", {"idToken": anonymous["idToken"], "totpEnrollmentInfo": {}}, expect_error=True)
    assert ineligible.message == "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor."
    unverified = rest.sign_up(f"unverified-{secrets.token_hex(4)}@example.com", "secret1")
    refused = rest.v2("mfaEnrollment:start", {"idToken": unverified["idToken"], "totpEnrollmentInfo": {}}, expect_error=True)
    assert refused.message.startswith("UNVERIFIED_EMAIL")
    _, signed_in = verified_user(rest)
    forged = rest.v2("mfaEnrollment:finalize", {
        "idToken": signed_in["idToken"], "totpVerificationInfo": {"sessionInfo": "bm90IGEgc2Vzc2lvbg==", "verificationCode": "123456"},
    }, expect_error=True)
    assert forged.message.startswith("INVALID_SESSION_INFO")
    started = rest.v2("mfaEnrollment:start", {"idToken": signed_in["idToken"], "totpEnrollmentInfo": {}})["totpSessionInfo"]
    _, other = verified_user(rest)
    stolen = rest.v2("mfaEnrollment:finalize", {
        "idToken": other["idToken"],
        "totpVerificationInfo": {"sessionInfo": started["sessionInfo"], "verificationCode": totp_code(started["sharedSecretKey"])},
    }, expect_error=True)
    assert stolen.message.startswith("INVALID_SESSION_INFO"), "a session belongs to the user who started it"
    missing = rest.v2("mfaEnrollment:finalize", {"idToken": signed_in["idToken"],
                                                 "totpVerificationInfo": {"sessionInfo": started["sessionInfo"]}}, expect_error=True)
    assert missing.message == "MISSING_CODE"


def test_tenants_turn_totp_on_in_their_mfa_config(rest, project_id):
    """A tenant serves TOTP when its `mfaConfig.providerConfigs` enables `totpProviderConfig`
    (the shape the admin SDKs write), and then TOTP alone makes its sign-ins MFA-pending."""
    base = f"/identitytoolkit.googleapis.com/v2/projects/{project_id}/tenants"
    totp = {"state": "ENABLED", "providerConfigs": [{"state": "ENABLED", "totpProviderConfig": {"adjacentIntervals": 1}}]}
    sms = {"state": "ENABLED", "enabledProviders": ["PHONE_SMS"]}
    for mfa_config, allowed in ((totp, True), (sms, False)):
        tenant_id = rest.call("POST", base, {"displayName": "MFA", "allowPasswordSignup": True, "mfaConfig": mfa_config}, owner=True)["tenantId"]
        created = rest.v1("signUp", {"email": "t@example.com", "password": "secret1", "tenantId": tenant_id, "returnSecureToken": True})
        rest.call("POST", f"/identitytoolkit.googleapis.com/v1/projects/{project_id}/tenants/{tenant_id}/accounts:update",
                  {"localId": created["localId"], "emailVerified": True}, owner=True)
        start = {"idToken": created["idToken"], "tenantId": tenant_id, "totpEnrollmentInfo": {}}
        if not allowed:
            assert rest.v2("mfaEnrollment:start", start, expect_error=True).message == "OPERATION_NOT_ALLOWED : TOTP based MFA not enabled."
            continue
        started = rest.v2("mfaEnrollment:start", start)["totpSessionInfo"]
        rest.v2("mfaEnrollment:finalize", {
            "idToken": created["idToken"], "tenantId": tenant_id,
            "totpVerificationInfo": {"sessionInfo": started["sessionInfo"], "verificationCode": totp_code(started["sharedSecretKey"])},
        })
        pending = rest.v1("signInWithPassword", {"email": "t@example.com", "password": "secret1", "tenantId": tenant_id, "returnSecureToken": True})
        assert "idToken" not in pending and pending["mfaInfo"][0]["totpInfo"] == {}
        done = finish_with_totp(rest, pending, started["sharedSecretKey"], tenant_id=tenant_id)
        assert decode_jwt(done["idToken"])["firebase"]["tenant"] == tenant_id


def test_email_link_sign_in_of_an_enrolled_user_is_mfa_pending(rest):
    email, signed_in = verified_user(rest)
    secret, _ = enroll_totp(rest, signed_in["idToken"])
    rest.v1("sendOobCode", {"requestType": "EMAIL_SIGNIN", "email": email}, owner=True)
    code = rest.oob_code(email, "EMAIL_SIGNIN")
    pending = rest.v1("signInWithEmailLink", {"email": email, "oobCode": code["oobCode"]})
    assert "idToken" not in pending and "refreshToken" not in pending
    assert pending["localId"] == signed_in["localId"] and pending["email"] == email and pending["isNewUser"] is False
    [factor] = pending["mfaInfo"]
    assert factor["totpInfo"] == {}
    again = rest.v1("signInWithEmailLink", {"email": email, "oobCode": code["oobCode"]}, expect_error=True)
    assert again.message == "INVALID_OOB_CODE", "the code is used up even though the sign-in waits for its second factor"
    assert rest.admin("lookup", {"localId": [signed_in["localId"]]})["users"][0]["emailLinkSignin"] is True
    assert_second_factor_claims(finish_with_totp(rest, pending, secret)["idToken"], uid=signed_in["localId"], provider="password",
                                second_factor="totp", enrollment_id=factor["mfaEnrollmentId"])


def test_idp_sign_in_of_an_enrolled_user_is_mfa_pending(rest):
    email, signed_in = verified_user(rest)
    secret, _ = enroll_totp(rest, signed_in["idToken"])
    id_token = json.dumps({"sub": f"google-{secrets.token_hex(4)}", "email": email, "email_verified": True})
    body = {"postBody": f"id_token={id_token}&providerId=google.com", "requestUri": "http://localhost", "returnSecureToken": True}
    pending = rest.v1("signInWithIdp", body)
    assert "idToken" not in pending and pending["mfaPendingCredential"]
    assert pending["localId"] == signed_in["localId"] and pending["providerId"] == "google.com"
    [factor] = pending["mfaInfo"]
    user = rest.admin("lookup", {"localId": [signed_in["localId"]]})["users"][0]
    assert "google.com" in [info["providerId"] for info in user["providerUserInfo"]], "the IdP is linked before the second factor"
    assert_second_factor_claims(finish_with_totp(rest, pending, secret)["idToken"], uid=signed_in["localId"], provider="google.com",
                                second_factor="totp", enrollment_id=factor["mfaEnrollmentId"])


def test_a_totp_factor_survives_export_and_import(tmp_path):
    export = tmp_path / "export"
    first = HearthProcess(tmp_path / "one", "--export-on-exit", str(export))
    try:
        rest = AuthREST(first.auth_host, DEFAULT_PROJECT)
        email, signed_in = verified_user(rest)
        secret, _ = enroll_totp(rest, signed_in["idToken"])
        rest.close()
    finally:
        assert first.stop() == 0
    [account] = json.loads((export / "auth_export" / "accounts.json").read_text())["users"]
    [factor] = account["mfaInfo"]
    assert factor["totpInfo"]["sharedSecretKey"] == secret, "the export carries the secret, or the factor could not be used"

    second = HearthProcess(tmp_path / "two", "--import", str(export))
    try:
        rest = AuthREST(second.auth_host, DEFAULT_PROJECT)
        pending = rest.sign_in(email, "secret1")
        assert [entry["mfaEnrollmentId"] for entry in pending["mfaInfo"]] == [factor["mfaEnrollmentId"]]
        assert decode_jwt(finish_with_totp(rest, pending, secret)["idToken"])["firebase"]["sign_in_second_factor"] == "totp"
        rest.close()
    finally:
        assert second.stop() == 0
