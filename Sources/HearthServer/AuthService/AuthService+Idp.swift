import HearthAuth
import HearthJSON

extension AuthService {
    /// `accounts:signInWithIdp` (`signInWithIdp`, `fakeFetchUserInfoFromIdp`): the emulator's
    /// fake IdP sign-in. The credential's `id_token` (or `access_token`) is an unsigned JWT or
    /// plain JSON whose string `sub` identifies the user at the provider; `email`, `name`,
    /// `picture` come from its claims; nonces are not checked. Apple is a provider like any
    /// other. The user is found by (provider, `sub`), else by verified e-mail, else created.
    func signInWithIdp(_ request: SignInWithIdpRequest, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        if let field = request.unimplemented { throw AuthError.notImplemented("\(field) is not implemented yet.") }
        guard let provider = request.parameters["providerId"]?.lowercased(), !provider.isEmpty else {
            throw AuthError("INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: the credential names no providerId.")
        }
        let idpToken = request.parameters["id_token"].flatMap { $0.isEmpty ? nil : $0 }
        let accessToken = request.parameters["access_token"].flatMap { $0.isEmpty ? nil : $0 }
        var claims = try Self.idpClaims(idpToken)
        if claims == nil { claims = try Self.idpClaims(accessToken) }
        guard let claims, let rawID = claims["sub"]?.stringValue else {
            if let idpToken {
                throw AuthError("INVALID_IDP_RESPONSE : Unable to parse id_token: \(idpToken) ((Auth Emulator only accepts strict JSON or JWTs as fake id_tokens.))")
            }
            throw AuthError.notImplemented(
                accessToken == nil
                    ? "The Auth Emulator only supports sign-in with credentials (id_token required)."
                    : "The Auth Emulator only support sign-in with \(provider) using id_token, not access_token. Please update your code to use id_token.")
        }
        let profile = IdpProfile(provider: provider, rawID: rawID, claims: claims)
        let secondFactorsEnabled = self.secondFactorsEnabled(call)
        let outcome = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> IdpOutcome in
            try Self.signIn(profile, idToken: request.idToken, secondFactorsEnabled: secondFactorsEnabled, in: &transaction)
        }
        var members: [(String, JSONValue?)] = [
            ("kind", .string("identitytoolkit#VerifyAssertionResponse")), ("context", .string("")), ("providerId", .string(provider)),
            ("displayName", AuthReply.string(profile.displayName)), ("fullName", AuthReply.string(profile.displayName)),
            ("screenName", AuthReply.string(claims["screen_name"]?.stringValue)), ("email", AuthReply.string(profile.email)),
            ("emailVerified", .bool(outcome.user.email == profile.email ? outcome.user.emailVerified : profile.emailVerified)),
            ("photoUrl", AuthReply.string(profile.photoURL)), ("federatedId", .string(profile.federatedID)),
            ("rawUserInfo", .string(profile.rawUserInfo)),
            ("oauthAccessToken", .string(accessToken ?? "FirebaseAuthEmulatorFakeAccessToken_\(provider)")),
            ("oauthIdToken", AuthReply.string(idpToken)), ("localId", .string(outcome.user.localID)),
            ("isNewUser", outcome.isNewUser ? .bool(true) : nil), ("tenantId", AuthReply.string(call.scope.tenant)),
        ]
        if outcome.needsConfirmation {
            members.append(("needConfirmation", .bool(true)))
            return AuthReply.object(members)
        }
        if outcome.needsSecondFactor {
            return AuthReply.object(members + Self.mfaPendingMembers(for: outcome.user, provider: provider, scope: call.scope))
        }
        return AuthReply.object(members + (outcome.tokens?.members.map { ($0.key, $0.value) } ?? []))
    }

    /// The claims of a fake IdP credential: JSON, or a JWT's payload; nil when there is none.
    private static func idpClaims(_ token: String?) throws(AuthError) -> JSONObject? {
        guard let token else { return nil }
        let claims: JSONObject
        if token.hasPrefix("{") {
            guard case .object(let object)? = try? JSONParser.parse(token) else {
                throw AuthError("INVALID_IDP_RESPONSE : Unable to parse id_token: \(token) ((Auth Emulator failed to parse fake id_token as strict JSON.))")
            }
            claims = object
        } else {
            guard let object = UnsignedJWT.claims(of: token) else { return nil }
            claims = object
        }
        guard let sub = claims["sub"] else {
            throw AuthError(#"INVALID_IDP_RESPONSE : Invalid Idp Response: id_token missing required fields. ((Missing "sub" field. This field is required and must be a unique identifier.))"#)
        }
        guard case .string = sub else { throw AuthError(#"INVALID_IDP_RESPONSE : ((The "sub" field must be a string.))"#) }
        return claims
    }

    /// Finds, links or creates the account, as `handleLinkIdp`, `handleIdpSigninEmailRequired`
    /// and `handleIdpSignUp` do (one account per e-mail unless the project allows duplicates).
    /// An account with second factors is written (linked, created) but not signed in: no
    /// tokens, no `lastLoginAt`, as the emulator's `mfaPending` branch.
    private static func signIn(
        _ profile: IdpProfile, idToken: String?, secondFactorsEnabled: Bool, in transaction: inout AccountTransaction
    ) throws(AuthError) -> IdpOutcome {
        let now = transaction.now
        let byProvider = transaction.user(provider: profile.provider, rawID: profile.rawID)
        let oneAccountPerEmail = !transaction.config.allowDuplicateEmails
        var user: AuthUser
        var isNewUser = false
        if let idToken {
            let own = try transaction.user(presenting: idToken).0
            guard byProvider == nil else { throw AuthError("FEDERATED_USER_ID_ALREADY_LINKED") }
            if oneAccountPerEmail, let email = profile.email, let other = transaction.user(email: email), other.localID != own.localID {
                throw AuthError.emailExists
            }
            user = own
            if oneAccountPerEmail, let email = profile.email, user.email == nil {
                user.email = email
                user.emailVerified = profile.emailVerified
            }
            if profile.email != nil, profile.emailVerified, user.email == profile.email { user.emailVerified = true }
        } else if let byProvider {
            user = byProvider
        } else if oneAccountPerEmail, let email = profile.email, let byEmail = transaction.user(email: email) {
            guard profile.emailVerified else { return IdpOutcome(user: byEmail, isNewUser: false, needsConfirmation: true, tokens: nil) }
            user = byEmail
            if !user.emailVerified {
                // The e-mail was never proven: what was attached to it goes (`handleIdpSigninEmailRequired`).
                user.passwordHash = nil
                user.salt = nil
                user.phoneNumber = nil
                user.validSince = now / 1000
                user.providerUserInfo.removeAll()
            }
            user.displayName = profile.displayName
            user.photoURL = profile.photoURL
            user.emailVerified = true
        } else {
            isNewUser = true
            user = AuthUser(localID: transaction.newLocalID(), createdAt: now)
            user.displayName = profile.displayName
            user.photoURL = profile.photoURL
            user.tenantID = transaction.scope.tenant
            if oneAccountPerEmail, let email = profile.email {
                user.email = email
                user.emailVerified = profile.emailVerified
            }
        }
        guard !user.disabled else { throw AuthError.userDisabled }
        user.providerUserInfo.removeAll { $0.providerID == profile.provider }
        user.providerUserInfo.append(ProviderUserInfo(
            providerID: profile.provider, rawID: profile.rawID, federatedID: profile.rawID, email: profile.email,
            displayName: profile.displayName, photoURL: profile.photoURL, screenName: profile.screenName))
        if Self.needsSecondFactor(user, enabled: secondFactorsEnabled) {
            try transaction.put(user)
            var outcome = IdpOutcome(user: user, isNewUser: isNewUser, needsConfirmation: false, tokens: nil)
            outcome.needsSecondFactor = true
            return outcome
        }
        user.lastLoginAt = now
        try transaction.put(user)
        let tokens = try AuthService.issueTokens(for: user.localID, provider: profile.provider, in: &transaction)
        return IdpOutcome(user: tokens.user, isNewUser: isNewUser, needsConfirmation: false, tokens: tokens)
    }
}
