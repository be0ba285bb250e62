import HearthAuth

/// `accounts:signInWithPassword`.
struct SignInWithPasswordRequest: Sendable {
    var email: String?
    var password: String?

    init(_ fields: RecordFields) throws(AuthError) {
        self.email = try fields.string("email")
        self.password = try fields.string("password")
    }
}
