import HearthAuth

/// `accounts:signInWithCustomToken`.
struct SignInWithCustomTokenRequest: Sendable {
    var token: String?

    init(_ fields: RecordFields) throws(AuthError) {
        self.token = try fields.string("token")
    }
}
