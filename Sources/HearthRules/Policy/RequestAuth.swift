/// `request.auth`: `{uid, token}`; token holds the ID-token claims (email, email_verified,
/// firebase.sign_in_provider, custom claims…).
public struct RequestAuth: Sendable {
    public var uid: String
    public var token: [String: RuleValue]

    public init(uid: String, token: [String: RuleValue] = [:]) {
        self.uid = uid
        self.token = token
    }

    public var value: RuleValue { .map(["uid": .string(self.uid), "token": .map(self.token)]) }
}
