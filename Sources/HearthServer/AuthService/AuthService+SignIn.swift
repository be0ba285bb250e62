import HearthAuth
import HearthJSON

extension AuthService {
    /// The audience firebase-admin puts in custom tokens (`operations.ts` `CUSTOM_TOKEN_AUDIENCE`).
    static let customTokenAudience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    /// `accounts:signInWithPassword` (`signInWithPassword`): `EMAIL_NOT_FOUND` /
    /// `INVALID_PASSWORD`, or `INVALID_LOGIN_CREDENTIALS` for both when the project has
    /// improved e-mail privacy on.
    func signInWithPassword(_ request: SignInWithPasswordRequest, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        guard let email = request.email else { throw AuthError.missingEmail }
        guard EmailAddress.isValid(email) else { throw AuthError.invalidEmail }
        guard let password = request.password, !password.isEmpty else { throw AuthError.missingPassword }
        if let pending = try self.passwordSignInPendingMFA(email: email, password: password, call) { return pending }
        let tokens = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> IssuedTokens in
            if let tenant = transaction.tenant, !tenant.allowsPasswordSignUp { throw AuthError("PASSWORD_LOGIN_DISABLED") }
            let privacy = transaction.config.enableImprovedEmailPrivacy
            guard let user = transaction.user(email: email) else { throw privacy ? AuthError.invalidLoginCredentials : AuthError.emailNotFound }
            guard !user.disabled else { throw AuthError.userDisabled }
            guard PasswordHash.matches(password, user: user) else {
                throw privacy ? AuthError.invalidLoginCredentials : AuthError.invalidPassword
            }
            let now = transaction.now
            try transaction.update(user.localID) { user in user.lastLoginAt = now }
            return try Self.issueTokens(for: user.localID, provider: AuthUser.passwordProvider, in: &transaction)
        }
        return AuthReply.object(
            [
                ("kind", .string("identitytoolkit#VerifyPasswordResponse")), ("registered", .bool(true)),
                ("localId", .string(tokens.user.localID)), ("email", AuthReply.string(tokens.user.email)),
                ("displayName", AuthReply.string(tokens.user.displayName)),
            ] + tokens.members.map { ($0.key, $0.value) })
    }

    /// `accounts:signInWithCustomToken` (`signInWithCustomToken`): a JWT from firebase-admin's
    /// `create_custom_token` (signature unchecked, `aud` must be identitytoolkit's) or, in the
    /// emulator only, plain JSON `{"uid":…}`; the user is created on first use, and the
    /// token's `claims` go into the ID token (and its refreshes).
    func signInWithCustomToken(_ request: SignInWithCustomTokenRequest, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        guard let token = request.token, !token.isEmpty else { throw AuthError("MISSING_CUSTOM_TOKEN") }
        let payload: JSONObject
        if token.hasPrefix("{") {
            guard case .object(let object)? = try? JSONParser.parse(token) else {
                throw AuthError("INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
            }
            payload = object
        } else {
            guard let claims = UnsignedJWT.claims(of: token) else { throw AuthError("INVALID_CUSTOM_TOKEN : Invalid assertion format") }
            if let tenant = call.scope.tenant, claims["tenant_id"]?.stringValue != tenant { throw AuthError.tenantIDMismatch }
            guard claims["aud"]?.stringValue == Self.customTokenAudience else {
                throw AuthError(
                    "INVALID_CUSTOM_TOKEN : ((Invalid aud (audience): \(claims["aud"]?.serializedString() ?? "undefined") Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))")
            }
            payload = claims
        }
        guard let localID = Self.primitiveText(payload["uid"]) ?? Self.primitiveText(payload["user_id"]), !localID.isEmpty else {
            throw AuthError("MISSING_IDENTIFIER")
        }
        var extraClaims = JSONObject()
        if let claims = payload["claims"] {
            guard case .object(let object) = claims else { throw AuthError("INVALID_CLAIMS") }
            try CustomClaims.validate(object)
            extraClaims = object
        }
        let (tokens, isNewUser) = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> (IssuedTokens, Bool) in
            let now = transaction.now
            let existing = transaction.user(localID)
            if let existing {
                guard !existing.disabled else { throw AuthError.userDisabled }
                try transaction.update(localID) { user in
                    user.lastLoginAt = now
                    user.extra.setMember("customAuth", .bool(true))
                }
            } else {
                var user = AuthUser(localID: localID, createdAt: now)
                user.lastLoginAt = now
                user.tenantID = transaction.scope.tenant
                user.extra.setMember("customAuth", .bool(true))
                try transaction.create(user)
            }
            return (try Self.issueTokens(for: localID, provider: "custom", extraClaims: extraClaims, in: &transaction), existing == nil)
        }
        return AuthReply.object(
            [("kind", .string("identitytoolkit#VerifyCustomTokenResponse")), ("isNewUser", .bool(isNewUser))]
                + tokens.members.map { ($0.key, $0.value) })
    }

    /// securetoken `v1/token` (`grantToken`): a refresh token for fresh tokens, answered in
    /// snake_case (`id_token`, `access_token` = the ID token, `expires_in`, `refresh_token`,
    /// `token_type`, `user_id`, `project_id` = the emulator's fake project number).
    func grantToken(grantType: String?, refreshToken: String?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        guard let grantType, !grantType.isEmpty else { throw AuthError("MISSING_GRANT_TYPE") }
        guard grantType == "refresh_token" else { throw AuthError("INVALID_GRANT_TYPE") }
        guard let refreshToken, !refreshToken.isEmpty else { throw AuthError.missingRefreshToken }
        let record = try RefreshToken(parsing: refreshToken)
        guard record.project == call.scope.project else { throw AuthError.invalidRefreshToken }
        if let tenant = record.tenant, tenant != call.scope.tenant { throw AuthError.tenantIDMismatch }
        let tokens = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> IssuedTokens in
            guard let user = transaction.user(record.localID) else { throw AuthError.invalidRefreshToken }
            guard !user.disabled else { throw AuthError.userDisabled }
            return try Self.issueTokens(
                for: user.localID, provider: record.provider, extraClaims: record.extraClaims, secondFactor: record.secondFactor,
                in: &transaction)
        }
        return AuthReply.object([
            ("id_token", .string(tokens.idToken)), ("access_token", .string(tokens.idToken)),
            ("expires_in", .string(String(IDToken.lifetime))), ("refresh_token", .string(tokens.refreshToken)),
            ("token_type", .string("Bearer")), ("user_id", .string(tokens.user.localID)), ("project_id", .string("12345")),
        ])
    }

    /// A string, number or boolean as text (`coercePrimitiveToString`); nil for anything else.
    static func primitiveText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .number(let number)?: number.text
        case .bool(let flag)?: flag ? "true" : "false"
        default: nil
        }
    }
}
