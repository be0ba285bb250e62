public import HearthJSON

/// The ID tokens the Auth emulator issues (`operations.ts` `generateJwt`), and what Hearth
/// reads back from one.
///
/// Claims, in the emulator's order: `name`, `picture`, the custom claims, the sign-in's
/// extra claims (custom-token `claims`), then the reserved `email`, `email_verified`,
/// `phone_number`, `provider_id` (`anonymous` only), `auth_time` (the last sign-in),
/// `user_id`, `firebase` (`identities`, `sign_in_provider`, `tenant`…), `iat`, `exp`
/// (`iat` + 3600), `aud` (the project), `iss` (`https://securetoken.google.com/<project>`)
/// and `sub`. The iOS SDK needs `exp`, `iat`, `auth_time` and `firebase.sign_in_provider`.
public struct IDToken: Sendable, Equatable {
    /// Lifetime of an ID token in seconds; the `expiresIn` the API answers is its text.
    public static let lifetime: Int64 = 3600

    public let uid: String
    public let project: String
    public let tenant: String?
    public let issuedAt: Int64
    public let signInProvider: String
    public let claims: JSONObject

    /// Mints the token of `user`'s sign-in with `provider` at `now` (epoch seconds).
    public static func mint(
        for user: AuthUser, scope: AuthScope, provider: String, extraClaims: JSONObject = JSONObject(),
        secondFactor: SecondFactor? = nil, now: Int64
    ) -> String {
        var members: [JSONObject.Member] = []
        func set(_ key: String, _ value: JSONValue?) {
            members.removeAll { $0.key == key }
            if let value { members.append(.init(key: key, value: value)) }
        }
        set("name", user.displayName.map(JSONValue.string))
        set("picture", user.photoURL.map(JSONValue.string))
        for claim in user.customClaims { set(claim.key, claim.value) }
        for claim in extraClaims { set(claim.key, claim.value) }
        set("email", user.email.map(JSONValue.string))
        set("email_verified", user.email == nil && !user.emailVerified ? nil : .bool(user.emailVerified))
        set("phone_number", user.phoneNumber.map(JSONValue.string))
        set("provider_id", provider == "anonymous" ? .string(provider) : nil)
        set("auth_time", .number(JSONNumber((user.lastLoginAt ?? user.lastRefreshAt ?? now * 1000) / 1000)))
        set("user_id", .string(user.localID))
        var firebase: [JSONObject.Member] = [
            .init(key: "identities", value: .object(Self.identities(of: user))),
            .init(key: "sign_in_provider", value: .string(provider)),
        ]
        if let secondFactor {
            firebase.append(.init(key: "second_factor_identifier", value: .string(secondFactor.identifier)))
            firebase.append(.init(key: "sign_in_second_factor", value: .string(secondFactor.provider)))
        }
        if let tenant = scope.tenant { firebase.append(.init(key: "tenant", value: .string(tenant))) }
        set("firebase", .object(JSONObject(firebase)))
        set("iat", .number(JSONNumber(now)))
        set("exp", .number(JSONNumber(now + Self.lifetime)))
        set("aud", .string(scope.project))
        set("iss", .string("https://securetoken.google.com/\(scope.project)"))
        set("sub", .string(user.localID))
        return UnsignedJWT.encode(JSONObject(members))
    }

    /// `firebase.identities`: the e-mail, and each provider's raw ids except `password`'s.
    static func identities(of user: AuthUser) -> JSONObject {
        var identities: [JSONObject.Member] = []
        if let email = user.email { identities.append(.init(key: "email", value: .array([.string(email)]))) }
        for info in user.providerUserInfo where info.providerID != AuthUser.passwordProvider {
            if let index = identities.firstIndex(where: { $0.key == info.providerID }), case .array(var ids) = identities[index].value {
                ids.append(.string(info.rawID))
                identities[index].value = .array(ids)
            } else {
                identities.append(.init(key: info.providerID, value: .array([.string(info.rawID)])))
            }
        }
        return JSONObject(identities)
    }

    /// Reads an ID token (or session cookie) without checking its signature or expiry, as the
    /// emulator does.
    /// - Throws: `INVALID_ID_TOKEN` when it is not a JWT naming a user.
    public init(parsing token: String) throws(AuthError) {
        guard let claims = UnsignedJWT.claims(of: token) else { throw AuthError.invalidIDToken }
        guard let uid = claims["user_id"]?.stringValue ?? claims["sub"]?.stringValue, !uid.isEmpty else {
            throw AuthError.invalidIDToken
        }
        let firebase = claims["firebase"]?.objectValue
        self.uid = uid
        self.project = claims["aud"]?.stringValue ?? ""
        self.tenant = firebase?["tenant"]?.stringValue
        self.issuedAt = claims["iat"]?.numberValue.flatMap { $0.int64Value ?? Int64(exactly: $0.doubleValue.rounded(.down)) } ?? 0
        self.signInProvider = firebase?["sign_in_provider"]?.stringValue ?? "custom"
        self.claims = claims
    }
}
