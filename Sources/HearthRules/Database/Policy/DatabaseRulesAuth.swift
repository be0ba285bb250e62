/// The `auth` variable of RTDB rules for a signed-in request (an unauthenticated request passes
/// nil, and `auth` is null). Firebase's shape is `{uid, provider, token}`, `token` holding every
/// ID-token claim; with `auth_variable_override` it is exactly the JSON given (reference §8.4).
public struct DatabaseRulesAuth: Sendable, Hashable {
    /// The whole `auth` object as rules see it.
    public var value: RulesDataTree

    /// `{uid, provider, token}` from a verified (or emulator-unsigned) ID token.
    /// - Parameter provider: "password", "anonymous", "google", "custom"… as Firebase derives it
    ///   from `firebase.sign_in_provider` (`google.com` → `google`).
    public init(uid: String, provider: String, token: [String: RulesDataTree]) {
        self.value = .object(["uid": .string(uid), "provider": .string(provider), "token": .object(token)])
    }

    /// `auth` given verbatim, as `auth_variable_override` does.
    public init(variable: RulesDataTree) {
        self.value = variable
    }
}
