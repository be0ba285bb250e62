import HearthCore
public import HearthJSON

/// A JWT as the Auth emulator writes and reads them: header `{"alg":"none","typ":"JWT"}`, the
/// claims, and an empty signature (`header.payload.`), each part base64url without padding.
///
/// Reading never checks a signature (the emulator cannot: it has no keys) and accepts any
/// `alg`, as `parseIdToken` does; what a token may do is decided from its claims and the
/// account store. O(token length) both ways.
public enum UnsignedJWT {
    /// `header.payload.` for `claims`.
    public static func encode(_ claims: JSONObject) -> String {
        Self.header + "." + Base64Codec.encodeURLSafe(JSONValue.object(claims).serialized()) + "."
    }

    /// The claims of a three-part JWT whose header and payload are base64url JSON objects;
    /// nil for anything else.
    public static func claims(of token: some StringProtocol) -> JSONObject? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64Codec.decode(parts[0]), case .object? = try? JSONParser.parse(headerBytes),
            let payloadBytes = Base64Codec.decode(parts[1]), case .object(let claims)? = try? JSONParser.parse(payloadBytes)
        else { return nil }
        return claims
    }

    private static let header = Base64Codec.encodeURLSafe(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
}
