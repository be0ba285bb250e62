import HearthAuth
import HearthJSON

/// The checks the emulator applies to custom claims (`validateSerializedCustomClaims`,
/// `validateCustomClaims`): a JSON object of at most 1,000 characters of text, with none of
/// the claims Firebase reserves.
enum CustomClaims {
    static let maximumLength = 1000
    static let reserved = [
        "iss", "aud", "sub", "iat", "exp", "nbf", "jti", "nonce", "azp", "acr", "amr", "cnf", "auth_time", "firebase", "at_hash",
        "c_hash",
    ]

    /// - Throws: `CLAIMS_TOO_LARGE`, `INVALID_CLAIMS`, `FORBIDDEN_CLAIM : <name>`.
    static func validate(serialized text: String) throws(AuthError) {
        guard text.count <= Self.maximumLength else { throw AuthError("CLAIMS_TOO_LARGE") }
        guard case .object(let claims)? = try? JSONParser.parse(text) else { throw AuthError("INVALID_CLAIMS") }
        try Self.validate(claims)
    }

    static func validate(_ claims: JSONObject) throws(AuthError) {
        if let forbidden = Self.reserved.first(where: { claims[$0] != nil }) {
            throw AuthError("FORBIDDEN_CLAIM : \(forbidden)")
        }
    }
}
