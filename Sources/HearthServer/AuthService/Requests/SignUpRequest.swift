import HearthAuth

/// `accounts:signUp` (identitytoolkit `SignUpRequest`); the admin's create-account body too.
/// The profile members come from ``ProfileFields``.
@dynamicMemberLookup
struct SignUpRequest: Sendable {
    var profile: ProfileFields
    var disabled: Bool?
    var localID: String?
    var idToken: String?

    init(_ fields: RecordFields) throws(AuthError) {
        self.profile = try ProfileFields(fields)
        self.disabled = try fields.bool("disabled")
        self.localID = try fields.string("localId")
        self.idToken = try fields.string("idToken")
    }

    subscript<Value>(dynamicMember member: KeyPath<ProfileFields, Value>) -> Value { self.profile[keyPath: member] }
}
