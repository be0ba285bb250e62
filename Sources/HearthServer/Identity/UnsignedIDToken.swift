public import HearthJSON

/// Mints Firebase ID tokens the way the emulator suite's `createMockUserToken` does: a JWT with
/// header `{"alg":"none","type":"JWT"}`, an empty signature, and the claims Firebase Auth puts in
/// a real token, so `request.auth` looks like production's.
///
/// The payload carries `iss`, `aud`, `iat` (0, as the emulator suite's tokens do: such a token
/// never expires, on either product; see `Caller.expiry(of:)`), `exp`, `auth_time`, `sub`,
/// `user_id` and `firebase.sign_in_provider: "custom"`,
/// then every extra claim, which may override any of them except `sub` and `user_id`.
public enum UnsignedIDToken {
    /// - Throws: `IdentityError` if `claims` names a different user than `uid`.
    public static func mint(uid: String, project: String, claims: JSONObject = JSONObject([])) throws(IdentityError) -> String {
        let payload = try self.claims(uid: uid, project: project, extra: claims)
        let header = JSONValue.object(JSONObject([.init(key: "alg", value: .string("none")), .init(key: "type", value: .string("JWT"))]))
        return Base64.encodeURLSafe(header.serialized()) + "." + Base64.encodeURLSafe(JSONValue.object(payload).serialized()) + "."
    }

    /// The claims of a minted token: what `request.auth.token` holds for it (`hearth rules test`
    /// builds its users from these, so rules see the same token as from `hearth token`).
    /// - Throws: `IdentityError` if `extra` names a different user than `uid`.
    public static func claims(uid: String, project: String, extra claims: JSONObject = JSONObject([])) throws(IdentityError) -> JSONObject {
        guard !uid.isEmpty else {
            throw IdentityError(kind: .invalidCredential, message: "A token needs a non-empty uid.")
        }
        var payload: [JSONObject.Member] = [
            .init(key: "iss", value: .string("https://securetoken.google.com/\(project)")),
            .init(key: "aud", value: .string(project)),
            .init(key: "iat", value: .number(JSONNumber(Int64(0)))),
            .init(key: "exp", value: .number(JSONNumber(Int64(3600)))),
            .init(key: "auth_time", value: .number(JSONNumber(Int64(0)))),
            .init(key: "sub", value: .string(uid)),
            .init(key: "user_id", value: .string(uid)),
            .init(key: "firebase", value: .object(JSONObject([
                .init(key: "sign_in_provider", value: .string("custom")),
                .init(key: "identities", value: .object(JSONObject([]))),
            ]))),
        ]
        for claim in claims {
            if (claim.key == "sub" || claim.key == "user_id"), claim.value != .string(uid) {
                throw IdentityError(kind: .invalidCredential, message: "The claim '\(claim.key)' must equal the uid (\(uid)); pass the user with --uid.")
            }
            payload.removeAll { $0.key == claim.key }
            payload.append(claim)
        }
        return JSONObject(payload)
    }
}
