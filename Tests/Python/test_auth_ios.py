"""The iOS SDK's Auth flows over REST against Hearth, as firebase-ios-sdk sends them (legacy v3
`relyingparty` paths, v2 reCAPTCHA config and MFA, JSON refreshes): anonymous, e-mail/password,
custom token, phone with the code read from /verificationCodes (and the app-verification calls
that make it work outside XCTest), Apple through the fake IdP pages, profile update, MFA enrolment
and sign-in with the phone second factor, and OOB links completed through /emulator/action."""

from __future__ import annotations

import json
import secrets
import urllib.parse

import pytest

from auth_support import API_KEY, assert_second_factor_claims, decode_jwt
from ios_support import IOSClient, query_of

IOS_APP_ID = "1:1234567890:ios:abcdef"
IOS_SCHEME = "app-1-1234567890-ios-abcdef"


@pytest.fixture
def ios(hearth):
    client = IOSClient(hearth.auth_host)
    yield client
    client.close()


def unique(prefix: str) -> str:
    return f"{prefix}-{secrets.token_hex(4)}"


def phone_number() -> str:
    return "+1555" + str(secrets.randbelow(10**7)).zfill(7)


def test_anonymous_sign_up_lookup_and_json_refresh(ios):
    signed_up = ios.v3("signupNewUser", {"returnSecureToken": True})
    assert signed_up["kind"] == "identitytoolkit#SignupNewUserResponse"
    assert signed_up["expiresIn"] == "3600" and len(signed_up["idToken"].split(".")) == 3
    claims = decode_jwt(signed_up["idToken"])
    for claim in ("exp", "iat", "auth_time"):
        assert isinstance(claims[claim], int)
    assert claims["firebase"]["sign_in_provider"] == "anonymous"
    account = ios.v3("getAccountInfo", {"idToken": signed_up["idToken"]})
    assert account["kind"] == "identitytoolkit#GetAccountInfoResponse"
    assert account["users"][0]["localId"] == signed_up["localId"]
    refreshed = ios.refresh(signed_up["refreshToken"])
    assert refreshed["user_id"] == signed_up["localId"] and refreshed["token_type"] == "Bearer"
    assert decode_jwt(refreshed["id_token"])["firebase"]["sign_in_provider"] == "anonymous"


def test_email_password_sign_up_sign_in_and_profile_update(ios):
    email = f"{unique('ios')}@example.com"
    created = ios.v3("signupNewUser", {"email": email, "password": "secret1", "returnSecureToken": True})
    signed_in = ios.v3("verifyPassword", {"email": email, "password": "secret1", "returnSecureToken": True})
    assert signed_in["kind"] == "identitytoolkit#VerifyPasswordResponse"
    assert signed_in["registered"] is True and signed_in["localId"] == created["localId"]
    updated = ios.v3("setAccountInfo", {"idToken": signed_in["idToken"], "displayName": "Ios Person", "returnSecureToken": True})
    assert updated["kind"] == "identitytoolkit#SetAccountInfoResponse" and updated["displayName"] == "Ios Person"
    account = ios.v3("getAccountInfo", {"idToken": signed_in["idToken"]})["users"][0]
    assert account["displayName"] == "Ios Person" and account["email"] == email
    wrong = ios.v3("verifyPassword", {"email": email, "password": "nope123"}, expect_error=True)
    assert wrong.status == 400 and wrong.message == "INVALID_PASSWORD"
    deleted = ios.v3("deleteAccount", {"idToken": signed_in["idToken"]})
    assert deleted["kind"] == "identitytoolkit#DeleteAccountResponse"
    assert ios.v3("getAccountInfo", {"idToken": signed_in["idToken"]}, expect_error=True).message == "USER_NOT_FOUND"


def test_custom_token_sign_in(ios):
    uid = unique("ios-custom")
    first = ios.v3("verifyCustomToken", {"token": json.dumps({"uid": uid, "claims": {"role": "tester"}}), "returnSecureToken": True})
    assert first["kind"] == "identitytoolkit#VerifyCustomTokenResponse" and first["isNewUser"] is True
    claims = decode_jwt(first["idToken"])
    assert claims["sub"] == uid and claims["role"] == "tester" and claims["firebase"]["sign_in_provider"] == "custom"
    again = ios.v3("verifyCustomToken", {"token": json.dumps({"uid": uid}), "returnSecureToken": True})
    assert again["isNewUser"] is False


def test_phone_sign_in_with_the_listed_code(ios):
    config = ios.session.get(f"{ios.base}/identitytoolkit.googleapis.com/v2/recaptchaConfig",
                             params={"key": API_KEY, "clientType": "CLIENT_TYPE_IOS", "version": "RECAPTCHA_ENTERPRISE"}, timeout=30)
    assert config.status_code == 200, "the emulator suite answers 501 here (firebase-ios-sdk#14242)"
    assert {"provider": "PHONE_PROVIDER", "enforcementState": "OFF"} in config.json()["recaptchaEnforcementState"]
    phone = phone_number()
    sent = ios.v3("sendVerificationCode", {"phoneNumber": phone, "clientType": "CLIENT_TYPE_IOS", "recaptchaToken": "ignored"})
    code = ios.verification_code(phone, sent["sessionInfo"])
    assert len(code) == 6 and code.isdigit()
    wrong = "000000" if code != "000000" else "111111"
    assert ios.v3("verifyPhoneNumber", {"sessionInfo": sent["sessionInfo"], "code": wrong, "operation": "SIGN_UP_OR_IN"},
                  expect_error=True).message == "INVALID_CODE"
    signed_in = ios.v3("verifyPhoneNumber", {"sessionInfo": sent["sessionInfo"], "code": code, "operation": "SIGN_UP_OR_IN"})
    assert signed_in["isNewUser"] is True and signed_in["phoneNumber"] == phone
    claims = decode_jwt(signed_in["idToken"])
    assert claims["phone_number"] == phone and claims["firebase"]["sign_in_provider"] == "phone"
    used = ios.v3("verifyPhoneNumber", {"sessionInfo": sent["sessionInfo"], "code": code}, expect_error=True)
    assert used.message == "INVALID_SESSION_INFO", "a code is used once"
    again = ios.v3("sendVerificationCode", {"phoneNumber": phone})
    second = ios.v3("verifyPhoneNumber", {"sessionInfo": again["sessionInfo"], "code": ios.verification_code(phone, again["sessionInfo"])})
    assert second["isNewUser"] is False and second["localId"] == signed_in["localId"]
    assert ios.v3("sendVerificationCode", {"phoneNumber": "5550100"}, expect_error=True).message == "INVALID_PHONE_NUMBER : Invalid format."


def test_ios_app_verification_falls_back_to_a_recaptcha_page_that_completes(ios):
    refused = ios.v3("verifyClient", {"appToken": "00ff", "isSandbox": True}, expect_error=True)
    assert refused.status == 400 and refused.message.startswith("INVALID_APP_CREDENTIAL : ")
    assert ios.v3("verifyClient", {}, expect_error=True).message == "MISSING_APP_TOKEN"
    page = ios.page("/__/auth/handler", {"apiKey": API_KEY, "authType": "verifyApp", "ibi": "com.example.app",
                                         "v": "12.0", "eventId": "EVTVERIFY", "appId": IOS_APP_ID})
    assert page.status_code == 303
    location = page.headers["Location"]
    assert location.startswith(f"{IOS_SCHEME}://firebaseauth/link?deep_link_id=")
    deep_link = query_of(location)["deep_link_id"]
    assert query_of(deep_link)["authType"] == "verifyApp" and query_of(deep_link)["eventId"] == "EVTVERIFY"
    token = query_of(deep_link)["recaptchaToken"]
    phone = phone_number()
    sent = ios.v3("sendVerificationCode", {"phoneNumber": phone, "recaptchaToken": token})
    assert ios.v3("verifyPhoneNumber", {"sessionInfo": sent["sessionInfo"], "code": ios.verification_code(phone, sent["sessionInfo"])})["idToken"]


def test_apple_sign_in_through_the_fake_idp_pages(ios):
    params = {"apiKey": API_KEY, "authType": "signInWithRedirect", "ibi": "com.example.app", "sessionId": "s",
              "v": "12.0", "eventId": "EVTAPPLE", "providerId": "apple.com", "appId": IOS_APP_ID}
    chooser = ios.page("/emulator/auth/handler", params)
    assert chooser.status_code == 200 and chooser.headers["Content-Type"].startswith("text/html")
    assert 'action="/emulator/auth/handler/finish"' in chooser.text and "<script src" not in chooser.text
    email = f"{unique('apple')}@example.com"
    finished = ios.page("/emulator/auth/handler/finish", {**params, "email": email, "name": "Apple Person"})
    assert finished.status_code == 303
    location = finished.headers["Location"]
    assert location.startswith(f"{IOS_SCHEME}://firebaseauth/link?deep_link_id=")
    callback = query_of(query_of(location)["deep_link_id"])
    assert callback["authType"] == "signInWithRedirect" and callback["eventId"] == "EVTAPPLE"
    signed_in = ios.v3("verifyAssertion", {"requestUri": callback["link"], "postBody": "", "returnSecureToken": True,
                                           "returnIdpCredential": True})
    assert signed_in["kind"] == "identitytoolkit#VerifyAssertionResponse" and signed_in["providerId"] == "apple.com"
    assert signed_in["isNewUser"] is True and signed_in["email"] == email
    assert decode_jwt(signed_in["idToken"])["firebase"]["sign_in_provider"] == "apple.com"

    listed = ios.page("/emulator/auth/handler", params)
    assert email in listed.text, "the chooser offers the account it made"
    href = next(part.split('"')[0] for part in listed.text.split('href="')[1:] if email.replace("@", "%40") in part)
    again = ios.page(href.replace("&amp;", "&"))
    link = query_of(query_of(again.headers["Location"])["deep_link_id"])["link"]
    second = ios.v3("verifyAssertion", {"requestUri": link, "returnSecureToken": True})
    assert second["localId"] == signed_in["localId"], "picking the listed account signs the same user in"
    revoked = ios.v2("accounts:revokeToken", {"idToken": second["idToken"], "providerId": "apple.com", "tokenType": "3", "token": "code"})
    assert revoked == {}


def _verified_password_user(ios) -> tuple[str, dict]:
    email = f"{unique('mfa')}@example.com"
    created = ios.v3("signupNewUser", {"email": email, "password": "secret1", "returnSecureToken": True})
    ios.v3("getOobConfirmationCode", {"requestType": "VERIFY_EMAIL", "idToken": created["idToken"]})
    code = ios.oob_code(email, "VERIFY_EMAIL")
    verified = ios.page("/emulator/action", {"mode": "verifyEmail", "oobCode": code["oobCode"], "apiKey": API_KEY})
    assert verified.status_code == 200 and verified.json()["authEmulator"]["success"] == "The email has been successfully verified."
    return email, created


def test_mfa_enrolment_and_sign_in_with_the_phone_second_factor(ios):
    email, created = _verified_password_user(ios)
    phone = phone_number()
    anonymous = ios.v3("signupNewUser", {})
    ineligible = ios.v2("accounts/mfaEnrollment:start", {"idToken": anonymous["idToken"], "phoneEnrollmentInfo": {"phoneNumber": phone}},
                        expect_error=True)
    assert ineligible.message.startswith("UNSUPPORTED_FIRST_FACTOR")

    started = ios.v2("accounts/mfaEnrollment:start", {"idToken": created["idToken"], "phoneEnrollmentInfo": {"phoneNumber": phone}})
    session = started["phoneSessionInfo"]["sessionInfo"]
    enrolled = ios.v2("accounts/mfaEnrollment:finalize", {
        "idToken": created["idToken"], "displayName": "work phone",
        "phoneVerificationInfo": {"sessionInfo": session, "code": ios.verification_code(phone, session)}})
    assert decode_jwt(enrolled["idToken"])["firebase"]["sign_in_second_factor"] == "phone"
    [factor] = ios.v3("getAccountInfo", {"idToken": enrolled["idToken"]})["users"][0]["mfaInfo"]
    assert factor["displayName"] == "work phone" and factor["phoneInfo"] == phone

    pending = ios.v3("verifyPassword", {"email": email, "password": "secret1", "returnSecureToken": True})
    assert "idToken" not in pending and pending["mfaPendingCredential"]
    [masked] = pending["mfaInfo"]
    assert masked["mfaEnrollmentId"] == factor["mfaEnrollmentId"]
    assert masked["phoneInfo"].endswith(phone[-4:]) and phone[2:-4] not in masked["phoneInfo"] and "*" in masked["phoneInfo"]

    challenge = ios.v2("accounts/mfaSignIn:start", {"mfaPendingCredential": pending["mfaPendingCredential"],
                                                     "mfaEnrollmentId": masked["mfaEnrollmentId"], "phoneSignInInfo": {}})
    session = challenge["phoneResponseInfo"]["sessionInfo"]
    signed_in = ios.v2("accounts/mfaSignIn:finalize", {
        "mfaPendingCredential": pending["mfaPendingCredential"],
        "phoneVerificationInfo": {"sessionInfo": session, "code": ios.verification_code(phone, session)}})
    expected = {"uid": created["localId"], "provider": "password", "second_factor": "phone", "enrollment_id": factor["mfaEnrollmentId"]}
    assert_second_factor_claims(signed_in["idToken"], **expected)
    assert_second_factor_claims(ios.refresh(signed_in["refreshToken"])["id_token"], **expected)  # a refresh keeps the second factor

    bad = ios.v2("accounts/mfaSignIn:start", {"mfaPendingCredential": "bm90IGEgY3JlZGVudGlhbA==", "mfaEnrollmentId": "x"},
                 expect_error=True)
    assert bad.message == "((Invalid phoneVerificationInfo.mfaPendingCredential.))"
    withdrawn = ios.v2("accounts/mfaEnrollment:withdraw", {"idToken": signed_in["idToken"], "mfaEnrollmentId": factor["mfaEnrollmentId"]})
    assert withdrawn["idToken"]
    assert "idToken" in ios.v3("verifyPassword", {"email": email, "password": "secret1"}), "without factors, tokens at once"
    missing = ios.v2("accounts/mfaEnrollment:withdraw", {"idToken": withdrawn["idToken"], "mfaEnrollmentId": factor["mfaEnrollmentId"]},
                     expect_error=True)
    assert missing.message == "MFA_ENROLLMENT_NOT_FOUND"


def test_password_reset_link_completed_through_emulator_action(ios):
    email = f"{unique('reset')}@example.com"
    ios.v3("signupNewUser", {"email": email, "password": "before1"})
    sent = ios.v3("getOobConfirmationCode", {"requestType": "PASSWORD_RESET", "email": email})
    assert sent["kind"] == "identitytoolkit#GetOobConfirmationCodeResponse"
    unknown = ios.v3("getOobConfirmationCode", {"requestType": "NO_SUCH_TYPE", "email": email}, expect_error=True)
    assert unknown.status == 400 and unknown.message.startswith("INVALID_REQ_TYPE : "), "a client's mistake, not a 501"
    code = ios.oob_code(email, "PASSWORD_RESET")
    link = urllib.parse.urlsplit(code["oobLink"])
    assert link.path == "/emulator/action"
    asked = ios.page(f"{link.path}?{link.query}")
    assert asked.status_code == 400 and asked.json()["authEmulator"]["error"] == "missing newPassword query parameter"
    assert asked.json()["authEmulator"]["urlTemplate"].endswith("&newPassword=NEW_PASSWORD_HERE")
    done = ios.page(f"{link.path}?{link.query}&newPassword=after12")
    assert done.status_code == 200 and done.json()["authEmulator"] == {"success": "The password has been successfully updated.", "email": email}
    assert ios.v3("verifyPassword", {"email": email, "password": "after12"})["registered"] is True
    reused = ios.page(f"{link.path}?{link.query}&newPassword=again12", headers={"Accept": "text/html"})
    assert reused.status_code == 400 and reused.headers["Content-Type"].startswith("text/html")
    assert "expired or the link has already been used" in reused.text


def test_email_sign_in_link_goes_on_to_the_app_and_signs_in(ios):
    email = f"{unique('link')}@example.com"
    ios.v3("getOobConfirmationCode", {"requestType": "EMAIL_SIGNIN", "email": email, "continueUrl": "https://app.example/finish",
                                      "canHandleCodeInApp": True})
    code = ios.oob_code(email, "EMAIL_SIGNIN")
    link = urllib.parse.urlsplit(code["oobLink"])
    followed = ios.page(f"{link.path}?{link.query}")
    assert followed.status_code == 303
    location = followed.headers["Location"]
    assert location.startswith("https://app.example/finish?") and query_of(location)["oobCode"] == code["oobCode"]
    assert query_of(location)["mode"] == "signIn"
    signed_in = ios.v3("emailLinkSignin", {"email": email, "oobCode": query_of(location)["oobCode"]})
    assert signed_in["kind"] == "identitytoolkit#EmailLinkSigninResponse" and signed_in["isNewUser"] is True
    no_key = ios.page("/emulator/action", {"mode": "signIn", "oobCode": "x"})
    assert no_key.status_code == 400 and no_key.json()["authEmulator"]["error"] == "missing apiKey query parameter"


def test_v3_names_without_a_twin_answer_as_the_emulator_does(ios):
    assert ios.v3("signOutUser", {}, expect_error=True).status == 501
    unknown = ios.v3("noSuchCall", {}, expect_error=True)
    assert unknown.status == 404
    project = ios.session.get(f"{ios.base}/www.googleapis.com/identitytoolkit/v3/relyingparty/getProjectConfig?key={API_KEY}", timeout=30)
    assert project.status_code == 200 and project.json()["authorizedDomains"] == ["localhost"]
