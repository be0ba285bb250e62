import HearthAuth
import HearthJSON

/// The TOTP second factor, as production identitytoolkit v2 serves it (the emulator suite
/// answers 501, firebase-tools#6224): `mfaEnrollment:start` with `totpEnrollmentInfo` hands
/// out a shared secret, `mfaEnrollment:finalize` with `totpVerificationInfo` checks a code the
/// authenticator computed from it, and `mfaSignIn:finalize` with `totpVerificationInfo` and the
/// `mfaEnrollmentId` completes a pending sign-in (there is no `mfaSignIn:start` for TOTP).
/// Codes are real RFC 6238 codes (``TOTP``), so any authenticator app, pyotp or the SDKs'
/// `TotpSecret` work against Hearth.
extension AuthService {
    /// Whether TOTP second factors are on for `call`'s scope: always for a project (production
    /// needs `mfa.providerConfigs` set; the emulator turns MFA on for projects, so Hearth
    /// does); for a tenant, when its `mfaConfig.providerConfigs` has an `ENABLED` entry with a
    /// `totpProviderConfig`.
    func totpSecondFactorEnabled(_ call: AuthCall) -> Bool {
        guard let tenantID = call.scope.tenant else { return true }
        guard let tenant = self.store.tenant(tenantID, of: call.scope.project) else { return true }
        let configs = tenant.record["mfaConfig"]?.objectValue?["providerConfigs"]?.arrayValue ?? []
        return configs.contains { entry in
            let object = entry.objectValue
            return object?["state"]?.stringValue == "ENABLED" && object?["totpProviderConfig"] != nil
        }
    }

    /// v2 `accounts/mfaEnrollment:start` with `totpEnrollmentInfo: {}`: a fresh secret for a
    /// signed-in user with a verified e-mail, in `totpSessionInfo` (`sharedSecretKey` base32,
    /// `verificationCodeLength`, `hashingAlgorithm`, `periodSec`, `sessionInfo`,
    /// `finalizeEnrollmentTime`). Nothing is stored until finalize.
    func startTOTPEnrollment(idToken: String?, _ call: AuthCall) throws(AuthError) -> JSONObject {
        guard self.totpSecondFactorEnabled(call) else { throw AuthError("OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.") }
        let (user, token) = try self.user(presenting: idToken, call)
        try Self.requireEligible(user, token)
        let secret = TOTP.newSecret()
        let finalizeBy = self.store.now() + TOTPEnrollmentSession.lifetimeMilliseconds
        let session = TOTPEnrollmentSession(localID: user.localID, secret: secret, finalizeBy: finalizeBy, scope: call.scope)
        let info = JSONObject([
            .init(key: "sharedSecretKey", value: .string(Base32.encode(secret))),
            .init(key: "verificationCodeLength", value: .number(JSONNumber(TOTP.digits))),
            .init(key: "hashingAlgorithm", value: .string(TOTP.hashingAlgorithm)),
            .init(key: "periodSec", value: .number(JSONNumber(TOTP.periodSeconds))),
            .init(key: "sessionInfo", value: .string(session.encoded)),
            .init(key: "finalizeEnrollmentTime", value: .string(session.finalizeEnrollmentTime)),
        ])
        return AuthReply.object([("totpSessionInfo", .object(info))])
    }

    /// v2 `accounts/mfaEnrollment:finalize` with `totpVerificationInfo: {sessionInfo,
    /// verificationCode}`: a code from the session's secret makes it a factor (`mfaInfo` entry
    /// with `totpInfo`); the answer has tokens that record it, as for a phone factor.
    func finalizeTOTPEnrollment(idToken: String?, verification: JSONObject, displayName: String?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        guard self.totpSecondFactorEnabled(call) else { throw AuthError("OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.") }
        let (_, token) = try self.user(presenting: idToken, call)
        guard !Self.firstFactorsWithoutMFA.contains(token.signInProvider) else { throw Self.ineligibleFirstFactor }
        let fields = RecordFields(verification)
        guard let sessionText = try fields.string("sessionInfo"), !sessionText.isEmpty else { throw AuthError("MISSING_SESSION_INFO") }
        guard let code = try fields.string("verificationCode"), !code.isEmpty else { throw AuthError("MISSING_CODE") }
        let session = try TOTPEnrollmentSession(parsing: sessionText, in: call.scope)
        let tokens = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> IssuedTokens in
            let (user, _) = try transaction.user(presenting: idToken)
            guard session.localID == user.localID else { throw TOTPEnrollmentSession.invalid }
            guard transaction.now <= session.finalizeBy else { throw AuthError("SESSION_EXPIRED : ((The TOTP enrollment session has expired; call mfaEnrollment:start again.))") }
            guard TOTP.verify(code, secret: session.secret, unixSeconds: transaction.now / 1000) else { throw AuthError("INVALID_CODE") }
            var factors = user.mfaEnrollments
            guard !factors.contains(where: { $0.totpSecret == session.secret }) else { throw Self.secondFactorExists }
            var id = RandomID.alphanumeric(28)
            while factors.contains(where: { $0.id == id }) { id = RandomID.alphanumeric(28) }
            let factor = MFAEnrollment(id: id, factor: .totp(secret: session.secret), displayName: displayName, enrolledAtMilliseconds: transaction.now)
            factors.append(factor)
            try transaction.update(user.localID) { user in user.mfaEnrollments = factors }
            return try Self.issueTokens(
                for: user.localID, provider: token.signInProvider, secondFactor: SecondFactor(identifier: id, provider: factor.provider),
                in: &transaction)
        }
        return AuthReply.object([
            ("idToken", .string(tokens.idToken)), ("refreshToken", .string(tokens.refreshToken)), ("totpAuthInfo", .object(JSONObject())),
        ])
    }

    /// v2 `accounts/mfaSignIn:finalize` with `mfaEnrollmentId` and `totpVerificationInfo:
    /// {verificationCode}`: the code of that TOTP factor completes the pending sign-in; the
    /// tokens say `firebase.sign_in_second_factor: "totp"`.
    func finalizeTOTPSignIn(
        pendingCredential: String?, enrollmentID: String?, verification: JSONObject, _ call: AuthCall
    ) async throws(AuthError) -> JSONObject {
        guard self.totpSecondFactorEnabled(call) else { throw AuthError("OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.") }
        guard let pendingCredential, !pendingCredential.isEmpty else { throw AuthError("MISSING_CREDENTIAL : Please set MFA Pending Credential.") }
        guard let enrollmentID, !enrollmentID.isEmpty else {
            throw AuthError("MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        }
        guard let code = try RecordFields(verification).string("verificationCode"), !code.isEmpty else { throw AuthError("MISSING_CODE") }
        let credential = try MFAPendingCredential(parsing: pendingCredential, in: call.scope)
        let tokens = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> IssuedTokens in
            guard let user = transaction.user(credential.localID) else { throw AuthError("((User in pendingCredentialPayload does not exist.))") }
            guard let factor = user.mfaEnrollments.first(where: { $0.id == enrollmentID }), let secret = factor.totpSecret else {
                throw Self.enrollmentNotFound
            }
            guard !user.disabled else { throw AuthError.userDisabled }
            guard TOTP.verify(code, secret: secret, unixSeconds: transaction.now / 1000) else { throw AuthError("INVALID_CODE") }
            let now = transaction.now
            try transaction.update(user.localID) { user in user.lastLoginAt = now }
            return try Self.issueTokens(
                for: user.localID, provider: credential.signInProvider, secondFactor: SecondFactor(identifier: factor.id, provider: factor.provider),
                in: &transaction)
        }
        return AuthReply.object([("idToken", .string(tokens.idToken)), ("refreshToken", .string(tokens.refreshToken))])
    }
}
