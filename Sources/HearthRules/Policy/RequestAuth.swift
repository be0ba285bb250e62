/// `request.auth`: `{uid, token}`; token holds the ID-token claims (email, email_verified,
/// firebase.sign_in_provider, custom claims…).
///
/// The map rules see is built once, when the auth is made (or changed), not per evaluation:
/// a server keeps one `RequestAuth` per signed-in caller, so a request pays nothing for it.
public struct RequestAuth: Sendable {
    public var uid: String {
        didSet { self.value = Self.value(uid: self.uid, token: self.token) }
    }
    public var token: [String: RuleValue] {
        didSet { self.value = Self.value(uid: self.uid, token: self.token) }
    }
    /// The `request.auth` map.
    public private(set) var value: RuleValue

    public init(uid: String, token: [String: RuleValue] = [:]) {
        self.uid = uid
        self.token = token
        self.value = Self.value(uid: uid, token: token)
    }

    private static func value(uid: String, token: [String: RuleValue]) -> RuleValue {
        .map(["uid": .string(uid), "token": .map(token)])
    }
}
