import HearthJSON
import HearthRules

extension DatabaseRulesAuth {
    /// `auth` for a user with an ID token (`rtdb.md` §8.4): `{uid, provider, token}`, where
    /// `token` is every claim and `provider` is derived from `firebase.sign_in_provider` as
    /// Firebase does (`google.com` → `google`, `password`, `anonymous`, `custom`…).
    init(uid: String, claims: JSONObject) {
        var token: [String: RulesDataTree] = [:]
        for member in claims.members { token[member.key] = RulesDataTree(json: member.value) }
        let signInProvider = claims["firebase"]?.objectValue?["sign_in_provider"]?.stringValue ?? "custom"
        let provider = signInProvider.hasSuffix(".com") ? String(signInProvider.dropLast(4)) : signInProvider
        self.init(uid: uid, provider: provider, token: token)
    }
}
