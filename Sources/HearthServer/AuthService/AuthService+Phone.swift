import HearthAuth
import HearthJSON
import Logging

extension AuthService {
    /// `accounts:sendVerificationCode` (iOS `sendVerificationCode`, `sendVerificationCode` in
    /// the emulator): "texts" a 6-digit code to the number: logs it and lists it at
    /// `/emulator/v1/projects/{p}/verificationCodes`. App-verification proofs (`iosReceipt`,
    /// `iosSecret`, `recaptchaToken`, `captchaResponse`) are accepted unchecked, as there is
    /// nothing to check them against. Projects only (the emulator refuses tenants).
    func sendVerificationCode(phoneNumber: String?, _ call: AuthCall) throws(AuthError) -> JSONObject {
        guard call.scope.tenant == nil else { throw AuthError("UNSUPPORTED_TENANT_OPERATION") }
        // identitytoolkit answers INVALID_PHONE_NUMBER, not MISSING_…, for a missing number.
        guard let phoneNumber, EmailAddress.isValidPhoneNumber(phoneNumber) else { throw AuthError.invalidPhoneNumber }
        let enrolled = try self.store.read(call.scope) { !($0.user(phoneNumber: phoneNumber)?.mfaEnrollments.isEmpty ?? true) }
        if enrolled { throw Self.phoneIsSecondFactor }
        let verification = self.issueVerification(to: phoneNumber, call)
        self.logger.notice("To verify the phone number \(phoneNumber), use the code \(verification.code).")
        return AuthReply.object([("sessionInfo", .string(verification.sessionInfo))])
    }

    /// `accounts:signInWithPhoneNumber` (iOS `verifyPhoneNumber`): a code from
    /// ``sendVerificationCode(phoneNumber:_:)`` signs in the account with that number (created
    /// on first use), or links the number to the account an `idToken` names.
    ///
    /// Not served: `temporaryProof` (the emulator answers one instead of
    /// `PHONE_NUMBER_EXISTS` when linking a number another account holds; Hearth answers
    /// `PHONE_NUMBER_EXISTS`, which the SDKs report as `credentialAlreadyInUse` all the same).
    func signInWithPhoneNumber(sessionInfo: String?, code: String?, idToken: String?, temporaryProof: String?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        guard call.scope.tenant == nil else { throw AuthError("UNSUPPORTED_TENANT_OPERATION") }
        if temporaryProof != nil { throw AuthError.notImplemented("temporaryProof") }
        guard let sessionInfo, !sessionInfo.isEmpty else { throw AuthError("MISSING_SESSION_INFO") }
        guard let code, !code.isEmpty else { throw AuthError("MISSING_CODE") }
        let phoneNumber = try self.redeemVerification(sessionInfo: sessionInfo, code: code, call)
        let (tokens, isNewUser) = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> (IssuedTokens, Bool) in
            let byPhone = transaction.user(phoneNumber: phoneNumber)
            let byToken = try idToken.map { token throws(AuthError) in try transaction.user(presenting: token).0 }
            if let byPhone, let byToken, byPhone.localID != byToken.localID { throw AuthError.phoneNumberExists }
            let now = transaction.now
            let existing = byToken ?? byPhone
            var user = existing ?? AuthUser(localID: transaction.newLocalID(), createdAt: now)
            if existing != nil {
                guard !user.disabled else { throw AuthError.userDisabled }
                guard user.mfaEnrollments.isEmpty else { throw Self.phoneIsSecondFactor }
            } else {
                user.tenantID = transaction.scope.tenant
            }
            user.phoneNumber = phoneNumber
            user.lastLoginAt = now
            try transaction.put(user)
            return (try Self.issueTokens(for: user.localID, provider: AuthUser.phoneProvider, in: &transaction), existing == nil)
        }
        return AuthReply.object(
            [("isNewUser", .bool(isNewUser)), ("phoneNumber", .string(phoneNumber)), ("localId", .string(tokens.user.localID))]
                + tokens.members.map { ($0.key, $0.value) })
    }

    /// A new SMS code for `phoneNumber`, remembered until used (`createVerificationCode`):
    /// six digits, and a 226-character session the client sends back with them.
    func issueVerification(to phoneNumber: String, _ call: AuthCall) -> PhoneVerification {
        let verification = PhoneVerification(code: RandomID.digits(6), phoneNumber: phoneNumber, sessionInfo: RandomID.base64URLText(226))
        self.store.issue(verification, in: call.scope)
        return verification
    }

    /// Uses up the code of `sessionInfo` (`verifyPhoneNumber`); returns its phone number.
    /// - Throws: `INVALID_SESSION_INFO` for an unknown or used session, `INVALID_CODE` for a
    ///   wrong code (the session stays usable, as in the emulator).
    func redeemVerification(sessionInfo: String, code: String, _ call: AuthCall) throws(AuthError) -> String {
        guard let verification = self.store.verification(sessionInfo, in: call.scope) else { throw AuthError("INVALID_SESSION_INFO") }
        guard verification.code == code else { throw AuthError("INVALID_CODE") }
        guard self.store.redeem(verification: sessionInfo, in: call.scope) != nil else { throw AuthError("INVALID_SESSION_INFO") }
        return verification.phoneNumber
    }

    static let phoneIsSecondFactor = AuthError(
        "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user.")
}
