import HearthAuth
import HearthJSON

/// The tokens of one sign-in: the account as it now is, its ID token and refresh token.
struct IssuedTokens: Sendable {
    let user: AuthUser
    let idToken: String
    let refreshToken: String

    /// `idToken`, `refreshToken`, `expiresIn` (a string, as the SDKs expect).
    var members: [JSONObject.Member] {
        [
            .init(key: "idToken", value: .string(self.idToken)), .init(key: "refreshToken", value: .string(self.refreshToken)),
            .init(key: "expiresIn", value: .string(String(IDToken.lifetime))),
        ]
    }
}
