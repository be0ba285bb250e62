import HearthJSON

/// What the emulator's fake IdP says about a user (`fakeFetchUserInfoFromIdp`): read from the
/// credential's claims, with the provider-specific `federatedId` and `rawUserInfo`.
struct IdpProfile: Sendable {
    let provider: String
    let rawID: String
    let email: String?
    let emailVerified: Bool
    let displayName: String?
    let photoURL: String?
    let screenName: String?
    let federatedID: String
    let rawUserInfo: String

    init(provider: String, rawID: String, claims: JSONObject) {
        self.provider = provider
        self.rawID = rawID
        self.email = claims["email"]?.stringValue.map { $0.lowercased() }
        self.emailVerified = claims["email_verified"]?.boolValue ?? (claims["email_verified"]?.stringValue == "true")
        self.displayName = claims["name"]?.stringValue
        self.photoURL = claims["picture"]?.stringValue
        self.screenName = claims["screen_name"]?.stringValue
        if provider == "google.com" {
            self.federatedID = "https://accounts.google.com/\(rawID)"
            var scopes = "openid https://www.googleapis.com/auth/userinfo.profile"
            if self.email != nil { scopes += " https://www.googleapis.com/auth/userinfo.email" }
            let info: [(String, JSONValue?)] = [
                ("granted_scopes", .string(scopes)), ("id", .string(rawID)), ("name", self.displayName.map(JSONValue.string)),
                ("given_name", claims["given_name"]), ("family_name", claims["family_name"]),
                ("verified_email", .bool(self.emailVerified)), ("locale", .string("en")), ("email", self.email.map(JSONValue.string)),
                ("picture", self.photoURL.map(JSONValue.string)),
            ]
            self.rawUserInfo = JSONValue.object(AuthReply.object(info)).serializedString()
        } else {
            self.federatedID = rawID
            self.rawUserInfo = JSONValue.object(claims).serializedString()
        }
    }
}
