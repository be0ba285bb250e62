import HearthAuth

/// The profile members `accounts:signUp` (and the admin's create) and `accounts:update`
/// both take (`email`, `password`, `displayName`, `photoUrl`, `phoneNumber`,
/// `emailVerified`), decoded once so the two requests cannot drift apart. The requests expose
/// them as their own members (`request.email`) through `@dynamicMemberLookup`.
struct ProfileFields: Sendable {
    var email, password, displayName, photoURL, phoneNumber: String?
    var emailVerified: Bool?

    /// - Throws: `AuthError` when a member has the wrong JSON type.
    init(_ fields: RecordFields) throws(AuthError) {
        let texts: [(member: String, field: WritableKeyPath<ProfileFields, String?>)] = [
            ("email", \.email), ("password", \.password), ("displayName", \.displayName), ("photoUrl", \.photoURL),
            ("phoneNumber", \.phoneNumber),
        ]
        for text in texts { self[keyPath: text.field] = try fields.string(text.member) }
        self.emailVerified = try fields.bool("emailVerified")
    }
}
