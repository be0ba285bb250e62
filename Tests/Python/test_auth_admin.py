"""firebase-admin 7.7.0's `auth` module, unmodified, against Hearth's Auth emulator
(FIREBASE_AUTH_EMULATOR_HOST): user management, custom claims, batch operations and
paging, custom tokens exchanged over REST, ID-token and session-cookie verification with
and without the revocation check, revoked refresh tokens, disabled users."""

from __future__ import annotations

import datetime

import firebase_admin
import pytest
from firebase_admin import auth

from auth_support import AuthREST, auth_app, decode_jwt, now, unsigned_id_token


@pytest.fixture
def app(hearth, project_id):
    application = auth_app(hearth.auth_host, project_id)
    yield application
    firebase_admin.delete_app(application)


@pytest.fixture
def rest(hearth, project_id):
    client = AuthREST(hearth.auth_host, project_id)
    yield client
    client.close()


def test_create_get_update_and_delete_users(app):
    user = auth.create_user(email="Ann@Example.com", password="secret1", display_name="Ann", app=app)
    assert user.email == "ann@example.com"
    assert user.display_name == "Ann"
    assert not user.disabled and not user.email_verified
    assert [info.provider_id for info in user.provider_data] == ["password"]
    assert auth.get_user(user.uid, app=app).email == "ann@example.com"
    assert auth.get_user_by_email("ann@example.com", app=app).uid == user.uid

    updated = auth.update_user(
        user.uid, display_name="Ann B", phone_number="+15550100", email_verified=True, photo_url="http://x/a.png", app=app)
    assert (updated.display_name, updated.phone_number, updated.email_verified) == ("Ann B", "+15550100", True)
    assert auth.get_user_by_phone_number("+15550100", app=app).uid == user.uid
    cleared = auth.update_user(user.uid, display_name=auth.DELETE_ATTRIBUTE, photo_url=auth.DELETE_ATTRIBUTE, app=app)
    assert cleared.display_name is None and cleared.photo_url is None

    with pytest.raises(auth.EmailAlreadyExistsError):
        auth.create_user(email="ann@example.com", app=app)
    with pytest.raises(auth.UidAlreadyExistsError):
        auth.create_user(uid=user.uid, app=app)

    auth.delete_user(user.uid, app=app)
    with pytest.raises(auth.UserNotFoundError):
        auth.get_user(user.uid, app=app)
    with pytest.raises(auth.UserNotFoundError):
        auth.delete_user(user.uid, app=app)


def test_custom_claims_reach_the_id_token(app, rest):
    user = auth.create_user(uid="claims-user", email="c@example.com", password="secret1", app=app)
    auth.set_custom_user_claims(user.uid, {"admin": True, "level": 3}, app=app)
    assert auth.get_user(user.uid, app=app).custom_claims == {"admin": True, "level": 3}
    token = rest.sign_in("c@example.com", "secret1")["idToken"]
    claims = auth.verify_id_token(token, app=app)
    assert claims["admin"] is True and claims["level"] == 3 and claims["uid"] == "claims-user"
    with pytest.raises(ValueError):
        auth.set_custom_user_claims(user.uid, {"sub": "other"}, app=app)  # reserved, refused client-side
    error = rest.admin("update", {"localId": user.uid, "customAttributes": '{"iss":"x"}'}, expect_error=True)
    assert error.message == "FORBIDDEN_CLAIM : iss"


def test_import_get_delete_and_list_users_in_pages(app):
    records = [auth.ImportUserRecord(uid=f"u{index:02d}", email=f"u{index:02d}@example.com") for index in range(5)]
    result = auth.import_users(records, app=app)
    assert (result.success_count, result.failure_count) == (5, 0)

    found = auth.get_users(
        [auth.UidIdentifier("u01"), auth.EmailIdentifier("u03@example.com"), auth.UidIdentifier("missing")], app=app)
    assert sorted(user.uid for user in found.users) == ["u01", "u03"]
    assert [identifier.uid for identifier in found.not_found] == ["missing"]

    page = auth.list_users(max_results=2, app=app)
    pages = [[user.uid for user in page.users]]
    while page.has_next_page:
        page = page.get_next_page()
        pages.append([user.uid for user in page.users])
    assert pages[0] == ["u00", "u01"]
    assert [uid for chunk in pages for uid in chunk] == [f"u{index:02d}" for index in range(5)]
    assert [user.uid for user in auth.list_users(app=app).iterate_all()] == [f"u{index:02d}" for index in range(5)]

    deleted = auth.delete_users(["u00", "u01", "nobody"], app=app)
    assert (deleted.success_count, deleted.failure_count) == (3, 0)
    assert sorted(user.uid for user in auth.list_users(app=app).iterate_all()) == ["u02", "u03", "u04"]


def test_custom_token_signs_in_over_rest(app, rest, project_id):
    custom = auth.create_custom_token("custom-1", {"role": "editor"}, app=app)
    signed_in = rest.v1("signInWithCustomToken", {"token": custom.decode(), "returnSecureToken": True})
    assert signed_in["isNewUser"] is True
    claims = decode_jwt(signed_in["idToken"])
    assert (claims["sub"], claims["role"], claims["firebase"]["sign_in_provider"], claims["aud"]) == (
        "custom-1", "editor", "custom", project_id)
    assert auth.verify_id_token(signed_in["idToken"], app=app)["uid"] == "custom-1"
    again = rest.v1("signInWithCustomToken", {"token": custom.decode(), "returnSecureToken": True})
    assert again["isNewUser"] is False
    refreshed = rest.refresh_with_form(again["refreshToken"])
    assert decode_jwt(refreshed["id_token"])["role"] == "editor", "the custom token's claims survive a refresh"


def test_verify_id_token_with_and_without_the_revocation_check(app, rest, project_id):
    user = auth.create_user(uid="rev-1", email="rev@example.com", password="secret1", app=app)
    fresh = rest.sign_in("rev@example.com", "secret1")["idToken"]
    assert auth.verify_id_token(fresh, check_revoked=True, app=app)["uid"] == "rev-1"

    auth.revoke_refresh_tokens(user.uid, app=app)
    valid_after = auth.get_user(user.uid, app=app).tokens_valid_after_timestamp
    assert valid_after >= (now() - 60) * 1000
    issued_before = unsigned_id_token("rev-1", project_id, issued_at=valid_after // 1000 - 10)
    assert auth.verify_id_token(issued_before, app=app)["uid"] == "rev-1", "without the check a revoked token still verifies"
    with pytest.raises(auth.RevokedIdTokenError):
        auth.verify_id_token(issued_before, check_revoked=True, app=app)
    error = rest.v1("lookup", {"idToken": issued_before}, expect_error=True)
    assert (error.status, error.message) == (400, "TOKEN_EXPIRED")


def test_session_cookies(app, rest):
    auth.create_user(uid="cookie-1", email="cookie@example.com", password="secret1", app=app)
    token = rest.sign_in("cookie@example.com", "secret1")["idToken"]
    cookie = auth.create_session_cookie(token, expires_in=datetime.timedelta(days=1), app=app)
    claims = auth.verify_session_cookie(cookie, check_revoked=True, app=app)
    assert claims["uid"] == "cookie-1"
    assert decode_jwt(cookie)["iss"].startswith("https://session.firebase.google.com/")
    with pytest.raises(ValueError):
        auth.create_session_cookie(token, expires_in=datetime.timedelta(seconds=10), app=app)


def test_disabled_users_are_refused(app, rest):
    user = auth.create_user(uid="off-1", email="off@example.com", password="secret1", app=app)
    token = rest.sign_in("off@example.com", "secret1")["idToken"]
    auth.update_user(user.uid, disabled=True, app=app)
    assert auth.get_user(user.uid, app=app).disabled
    with pytest.raises(auth.UserDisabledError):
        auth.verify_id_token(token, check_revoked=True, app=app)
    error = rest.sign_in("off@example.com", "secret1", expect_error=True)
    assert (error.status, error.message) == (400, "USER_DISABLED")
    auth.update_user(user.uid, disabled=False, app=app)
    assert rest.sign_in("off@example.com", "secret1")["localId"] == "off-1"
