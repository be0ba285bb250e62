public import HearthJSON

/// One account, with the fields of identitytoolkit's `UserInfo` that the emulator keeps.
///
/// Times follow the wire: `createdAt` / `lastLoginAt` in epoch milliseconds, `validSince` in
/// epoch seconds (tokens with an earlier `iat` are revoked), `passwordUpdatedAt` in
/// milliseconds. `customAttributes` is the JSON text of the custom claims, as identitytoolkit
/// stores it. `mfaInfo` and any field Hearth does not model are kept as JSON (`extra`) so an
/// import from the emulator suite round-trips unchanged.
public struct AuthUser: Sendable, Equatable {
    public var localID: String
    public var email: String?
    public var emailVerified = false
    public var displayName: String?
    public var photoURL: String?
    public var phoneNumber: String?
    /// The emulator's fake hash (``PasswordHash``) or an imported hash; nil without a password.
    public var passwordHash: String?
    public var salt: String?
    public var passwordUpdatedAt: Int64?
    /// Epoch seconds; tokens issued before it are revoked.
    public var validSince: Int64?
    public var disabled = false
    public var createdAt: Int64
    public var lastLoginAt: Int64?
    /// Epoch milliseconds of the last token issued (rendered as RFC 3339 on the wire).
    public var lastRefreshAt: Int64?
    /// The custom claims as JSON object text (`{"admin":true}`); nil when none were set.
    public var customAttributes: String?
    public var providerUserInfo: [ProviderUserInfo] = []
    public var tenantID: String?
    /// Signs in by e-mail link (set by `signInWithEmailLink`).
    public var emailLinkSignin = false
    /// Members Hearth does not interpret (`mfaInfo`, `passkeyInfo`, `initialEmail`…), kept
    /// for export and lookups.
    public var extra: JSONObject = JSONObject()

    public init(localID: String, createdAt: Int64) {
        self.localID = localID
        self.createdAt = createdAt
    }

    /// The custom claims as an object (empty when none or unparsable).
    public var customClaims: JSONObject {
        guard let text = self.customAttributes, case .object(let claims)? = try? JSONParser.parse(text) else { return JSONObject() }
        return claims
    }

    /// Whether the user signed up with nothing to identify them (anonymous sign-in).
    public var isAnonymous: Bool {
        self.email == nil && self.phoneNumber == nil && self.passwordHash == nil && self.providerUserInfo.isEmpty
    }

    /// The provider entry for `providerID`, if the user has one.
    public func provider(_ providerID: String) -> ProviderUserInfo? {
        self.providerUserInfo.first { $0.providerID == providerID }
    }

    /// Brings the `password` and `phone` provider entries in step with the e-mail, password and
    /// phone number, as the emulator does after every change (`updateUserByLocalId`).
    mutating func syncDerivedProviders() {
        self.providerUserInfo.removeAll { $0.providerID == Self.passwordProvider || $0.providerID == Self.phoneProvider }
        if let email = self.email, self.passwordHash != nil || self.emailLinkSignin {
            self.providerUserInfo.append(ProviderUserInfo(
                providerID: Self.passwordProvider, rawID: email, federatedID: email, email: email,
                displayName: self.displayName, photoURL: self.photoURL))
        }
        if let phone = self.phoneNumber {
            self.providerUserInfo.append(ProviderUserInfo(providerID: Self.phoneProvider, rawID: phone, phoneNumber: phone))
        }
    }

    public static let passwordProvider = "password"
    public static let phoneProvider = "phone"
}
