import HearthAuth
import HearthJSON
import Logging

extension AuthService {
    /// First factors that cannot carry a second one (`MFA_INELIGIBLE_PROVIDER`).
    static let firstFactorsWithoutMFA: Set<String> = ["anonymous", AuthUser.phoneProvider, "custom", "gc.apple.com"]

    /// Whether SMS second factors are on for `call`'s scope (`mfaConfig`): always for a
    /// project, as in the emulator; for a tenant, when its `mfaConfig` is `ENABLED` or
    /// `MANDATORY` with `PHONE_SMS`.
    func smsSecondFactorEnabled(_ call: AuthCall) -> Bool {
        guard let tenantID = call.scope.tenant else { return true }
        guard let tenant = self.store.tenant(tenantID, of: call.scope.project) else { return true }
        guard let config = tenant.record["mfaConfig"]?.objectValue else { return false }
        let state = config["state"]?.stringValue
        let providers = config["enabledProviders"]?.arrayValue ?? []
        return (state == "ENABLED" || state == "MANDATORY") && providers.contains(.string("PHONE_SMS"))
    }

    private func requireSMSSecondFactor(_ call: AuthCall) throws(AuthError) {
        guard self.smsSecondFactorEnabled(call) else { throw AuthError("OPERATION_NOT_ALLOWED : SMS based MFA not enabled.") }
    }

    /// Whether second factors are asked for in `call`'s scope (`isMfaEnabled`): SMS or TOTP on.
    func secondFactorsEnabled(_ call: AuthCall) -> Bool {
        self.smsSecondFactorEnabled(call) || self.totpSecondFactorEnabled(call)
    }

    /// What a first-factor sign-in answers for a user with second factors (`mfaPending`):
    /// a pending credential and the factors with their numbers masked (TOTP secrets left
    /// out); nil when the user has none or the scope has MFA off, so the sign-in issues tokens.
    func mfaPending(for user: AuthUser, provider: String, _ call: AuthCall) -> [(String, JSONValue?)]? {
        guard Self.needsSecondFactor(user, enabled: self.secondFactorsEnabled(call)) else { return nil }
        return Self.mfaPendingMembers(for: user, provider: provider, scope: call.scope)
    }

    /// Whether a sign-in of `user` stops at the first factor, given ``secondFactorsEnabled(_:)``
    /// read before the sign-in's transaction (the store is not re-entered inside one).
    static func needsSecondFactor(_ user: AuthUser, enabled: Bool) -> Bool {
        enabled && !user.mfaEnrollments.isEmpty
    }

    /// The `mfaPendingCredential` and redacted `mfaInfo` members for `user`.
    static func mfaPendingMembers(for user: AuthUser, provider: String, scope: AuthScope) -> [(String, JSONValue?)] {
        let credential = MFAPendingCredential(localID: user.localID, signInProvider: provider, scope: scope)
        return [("mfaPendingCredential", .string(credential.encoded)), ("mfaInfo", .array(user.mfaEnrollments.map { .object($0.redacted) }))]
    }

    /// `signInWithPassword`'s answer when the account needs its second factor: checked
    /// before the sign-in writes anything, with the same refusals it makes; nil otherwise.
    func passwordSignInPendingMFA(email: String, password: String, _ call: AuthCall) throws(AuthError) -> JSONObject? {
        if let tenantID = call.scope.tenant, let tenant = self.store.tenant(tenantID, of: call.scope.project), !tenant.allowsPasswordSignUp {
            return nil  // the sign-in refuses it (PASSWORD_LOGIN_DISABLED)
        }
        let user = try self.store.read(call.scope) { $0.user(email: EmailAddress.canonical(email)) }
        guard let user, !user.disabled, PasswordHash.matches(password, user: user),
            let pending = self.mfaPending(for: user, provider: AuthUser.passwordProvider, call)
        else { return nil }
        return AuthReply.object(
            [
                ("kind", .string("identitytoolkit#VerifyPasswordResponse")), ("registered", .bool(true)),
                ("localId", .string(user.localID)), ("email", AuthReply.string(user.email)),
            ] + pending)
    }

    /// v2 `accounts/mfaEnrollment:start` (`mfaEnrollmentStart`): "texts" a code to the phone
    /// to enrol, for a signed-in user with a verified e-mail.
    func startMFAEnrollment(idToken: String?, phoneNumber: String?, hasPhoneInfo: Bool, _ call: AuthCall) throws(AuthError) -> JSONObject {
        try self.requireSMSSecondFactor(call)
        let (user, token) = try self.user(presenting: idToken, call)
        try Self.requireEligible(user, token)
        guard hasPhoneInfo else { throw AuthError("INVALID_ARGUMENT : ((Missing phoneEnrollmentInfo.))") }
        guard let phoneNumber, EmailAddress.isValidPhoneNumber(phoneNumber) else { throw AuthError.invalidPhoneNumber }
        guard !user.mfaEnrollments.contains(where: { $0.phoneNumber == phoneNumber }) else { throw Self.secondFactorExists }
        let verification = self.issueVerification(to: phoneNumber, call)
        self.logger.notice("To enroll MFA with \(phoneNumber), use the code \(verification.code).")
        return AuthReply.object([("phoneSessionInfo", .object(JSONObject([.init(key: "sessionInfo", value: .string(verification.sessionInfo))])))])
    }

    /// v2 `accounts/mfaEnrollment:finalize` (`mfaEnrollmentFinalize`): the code proves the
    /// phone; it becomes a second factor and the user gets tokens that record it.
    func finalizeMFAEnrollment(
        idToken: String?, verification: JSONObject?, displayName: String?, _ call: AuthCall
    ) async throws(AuthError) -> JSONObject {
        try self.requireSMSSecondFactor(call)
        let (_, token) = try self.user(presenting: idToken, call)
        guard !Self.firstFactorsWithoutMFA.contains(token.signInProvider) else { throw Self.ineligibleFirstFactor }
        let phoneNumber = try self.redeemPhoneVerification(verification, call)
        let tokens = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> IssuedTokens in
            let (user, _) = try transaction.user(presenting: idToken)
            var factors = user.mfaEnrollments
            guard !factors.contains(where: { $0.phoneNumber == phoneNumber }) else { throw Self.secondFactorExists }
            var id = RandomID.alphanumeric(28)
            while factors.contains(where: { $0.id == id }) { id = RandomID.alphanumeric(28) }
            factors.append(MFAEnrollment(id: id, phoneNumber: phoneNumber, displayName: displayName, enrolledAtMilliseconds: transaction.now))
            try transaction.update(user.localID) { user in user.mfaEnrollments = factors }
            return try Self.issueTokens(
                for: user.localID, provider: token.signInProvider, secondFactor: SecondFactor(identifier: id, provider: AuthUser.phoneProvider),
                in: &transaction)
        }
        return AuthReply.object([("idToken", .string(tokens.idToken)), ("refreshToken", .string(tokens.refreshToken))])
    }

    /// v2 `accounts/mfaEnrollment:withdraw` (`mfaEnrollmentWithdraw`): removes a factor.
    func withdrawMFA(idToken: String?, enrollmentID: String?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        let (_, token) = try self.user(presenting: idToken, call)
        let tokens = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> IssuedTokens in
            let (user, _) = try transaction.user(presenting: idToken)
            let factors = user.mfaEnrollments
            let remaining = factors.filter { $0.id != enrollmentID }
            guard remaining.count < factors.count else { throw Self.enrollmentNotFound }
            try transaction.update(user.localID) { user in user.mfaEnrollments = remaining }
            return try Self.issueTokens(for: user.localID, provider: token.signInProvider, in: &transaction)
        }
        return AuthReply.object(tokens.members.map { ($0.key, $0.value) })
    }

    /// v2 `accounts/mfaSignIn:start` (`mfaSignInStart`): "texts" a code to the enrolled
    /// phone of a user whose first factor answered a pending credential.
    func startMFASignIn(pendingCredential: String?, enrollmentID: String?, _ call: AuthCall) throws(AuthError) -> JSONObject {
        try self.requireSMSSecondFactor(call)
        guard let pendingCredential, !pendingCredential.isEmpty else {
            throw AuthError("MISSING_MFA_PENDING_CREDENTIAL : Request does not have MFA pending credential.")
        }
        guard let enrollmentID, !enrollmentID.isEmpty else {
            throw AuthError("MISSING_MFA_ENROLLMENT_ID : No second factor identifier is provided.")
        }
        let user = try self.pendingUser(pendingCredential, call).0
        guard let factor = user.mfaEnrollments.first(where: { $0.id == enrollmentID }) else { throw Self.enrollmentNotFound }
        guard let phoneNumber = factor.phoneNumber else {
            throw AuthError("INVALID_ARGUMENT : ((A TOTP factor has no mfaSignIn:start: send its code to mfaSignIn:finalize with totpVerificationInfo.))")
        }
        let verification = self.issueVerification(to: phoneNumber, call)
        self.logger.notice("To sign in with MFA using \(phoneNumber), use the code \(verification.code).")
        return AuthReply.object([("phoneResponseInfo", .object(JSONObject([.init(key: "sessionInfo", value: .string(verification.sessionInfo))])))])
    }

    /// v2 `accounts/mfaSignIn:finalize` (`mfaSignInFinalize`): the code completes the
    /// sign-in; the tokens name the second factor (`firebase.sign_in_second_factor`). The
    /// iOS SDK sends the masked number back, which matches too, as in the emulator.
    func finalizeMFASignIn(pendingCredential: String?, verification: JSONObject?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        try self.requireSMSSecondFactor(call)
        guard let pendingCredential, !pendingCredential.isEmpty else { throw AuthError("MISSING_CREDENTIAL : Please set MFA Pending Credential.") }
        guard verification != nil else { throw AuthError("INVALID_ARGUMENT : MFA provider not supported!") }
        let phoneNumber = try self.redeemPhoneVerification(verification, call)
        let (_, credential) = try self.pendingUser(pendingCredential, call)
        let tokens = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> IssuedTokens in
            guard let user = transaction.user(credential.localID) else { throw AuthError("((User in pendingCredentialPayload does not exist.))") }
            guard let factor = user.mfaEnrollments.first(where: { $0.phoneNumber == phoneNumber || $0.phoneNumber.map(MFAEnrollment.obfuscated) == phoneNumber })
            else { throw Self.enrollmentNotFound }
            guard !user.disabled else { throw AuthError.userDisabled }
            let now = transaction.now
            try transaction.update(user.localID) { user in user.lastLoginAt = now }
            return try Self.issueTokens(
                for: user.localID, provider: credential.signInProvider,
                secondFactor: SecondFactor(identifier: factor.id, provider: AuthUser.phoneProvider), in: &transaction)
        }
        return AuthReply.object([("idToken", .string(tokens.idToken)), ("refreshToken", .string(tokens.refreshToken))])
    }

    /// The user a pending credential names, in `call`'s scope.
    private func pendingUser(_ text: String, _ call: AuthCall) throws(AuthError) -> (AuthUser, MFAPendingCredential) {
        let credential = try MFAPendingCredential(parsing: text, in: call.scope)
        guard let user = self.store.user(credential.localID, in: call.scope) else {
            throw AuthError("((User in pendingCredentialPayload does not exist.))")
        }
        return (user, credential)
    }

    /// `phoneVerificationInfo: {sessionInfo, code}` used up; returns the phone number.
    private func redeemPhoneVerification(_ info: JSONObject?, _ call: AuthCall) throws(AuthError) -> String {
        guard let info else { throw AuthError("INVALID_ARGUMENT : ((Missing phoneVerificationInfo.))") }
        let fields = RecordFields(info)
        if try fields.string("androidVerificationProof") != nil { throw AuthError.notImplemented("androidVerificationProof") }
        guard let code = try fields.string("code"), !code.isEmpty else { throw AuthError("MISSING_CODE") }
        guard let sessionInfo = try fields.string("sessionInfo"), !sessionInfo.isEmpty else { throw AuthError("MISSING_SESSION_INFO") }
        return try self.redeemVerification(sessionInfo: sessionInfo, code: code, call)
    }

    static func requireEligible(_ user: AuthUser, _ token: IDToken) throws(AuthError) {
        guard !Self.firstFactorsWithoutMFA.contains(token.signInProvider) else { throw Self.ineligibleFirstFactor }
        guard user.emailVerified else { throw AuthError("UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.") }
    }

    static let ineligibleFirstFactor = AuthError("UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.")
    static let secondFactorExists = AuthError("SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account.")
    static let enrollmentNotFound = AuthError("MFA_ENROLLMENT_NOT_FOUND")
}
