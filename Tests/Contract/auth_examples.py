"""One-time codes for the Auth examples in openapi.yaml.

An SMS code, an MFA challenge or an OOB code exists only once the server has "sent" it, so the
document's examples carry placeholders (`FROM_VERIFICATION_CODES`, `FROM_OOB_CODES`, …) that are
filled here, just before the example's request, by asking the running server for a fresh code
the way a test would: send it, then read it from /emulator/v1/projects/{p}/verificationCodes or
…/oobCodes. Everything else in the Auth examples is static (seed.seed_auth makes the accounts
they name)."""

from __future__ import annotations

from typing import Any

import requests

PROJECT = "demo-hearth"
KEY = {"key": "fake-api-key"}
OWNER = {"Authorization": "Bearer owner"}
TIMEOUT_SECONDS = 30
PHONE = "+15555550123"
ENROLL_PHONE = "+15555550151"
# Operations whose query (not body) takes a fresh code.
QUERY_CODES = {"authAction"}


def _post(base: str, path: str, body: dict, owner: bool = False) -> dict:
    response = requests.post(base + path, json=body, params=None if owner else KEY, headers=OWNER if owner else {}, timeout=TIMEOUT_SECONDS)
    response.raise_for_status()
    return response.json()


def _sms_code(base: str, session_info: str) -> str:
    listed = requests.get(f"{base}/emulator/v1/projects/{PROJECT}/verificationCodes", timeout=TIMEOUT_SECONDS).json()
    return next(entry["code"] for entry in listed["verificationCodes"] if entry["sessionInfo"] == session_info)


def _oob_code(base: str, request_type: str, email: str) -> str:
    _post(base, f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:sendOobCode",
          {"requestType": request_type, "email": email, "returnOobLink": True}, owner=True)
    listed = requests.get(f"{base}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=TIMEOUT_SECONDS).json()
    return [code for code in listed["oobCodes"] if code["requestType"] == request_type and code["email"] == email][-1]["oobCode"]


def prepare(operation_id: str, body: dict, base: str) -> dict:
    """The example body with its placeholders replaced by codes the server just issued."""
    body = dict(body)
    if body.get("sessionInfo") == "FROM_SEND_VERIFICATION_CODE":
        session = _post(base, "/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode", {"phoneNumber": PHONE})["sessionInfo"]
        body.update(sessionInfo=session, code=_sms_code(base, session))
    info: Any = body.get("phoneVerificationInfo")
    if isinstance(info, dict) and info.get("sessionInfo") == "FROM_MFA_ENROLLMENT_START":
        started = _post(base, "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start",
                        {"idToken": body["idToken"], "phoneEnrollmentInfo": {"phoneNumber": ENROLL_PHONE}})
        session = started["phoneSessionInfo"]["sessionInfo"]
        body["phoneVerificationInfo"] = {"sessionInfo": session, "code": _sms_code(base, session)}
    if isinstance(info, dict) and info.get("sessionInfo") == "FROM_MFA_SIGN_IN_START":
        started = _post(base, "/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start",
                        {"mfaPendingCredential": body["mfaPendingCredential"], "mfaEnrollmentId": "contract-factor"})
        session = started["phoneResponseInfo"]["sessionInfo"]
        body["phoneVerificationInfo"] = {"sessionInfo": session, "code": _sms_code(base, session)}
    if body.get("oobCode") == "FROM_OOB_CODES":
        if "email" in body:
            body["oobCode"] = _oob_code(base, "EMAIL_SIGNIN", body["email"])
        else:
            body["oobCode"] = _oob_code(base, "PASSWORD_RESET", "contract@example.com")
    return body


def prepare_query(operation_id: str, query: list[tuple[str, str]], base: str) -> list[tuple[str, str]]:
    """`/emulator/action?mode=verifyEmail&oobCode=…`: a fresh VERIFY_EMAIL code."""
    code = _oob_code(base, "VERIFY_EMAIL", "contract@example.com")
    return [(name, value) for name, value in query if name != "oobCode"] + [("oobCode", code)]
