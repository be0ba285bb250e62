import HearthAuth

/// `accounts:signUp` (identitytoolkit `SignUpRequest`); the admin's create-account body too.
struct SignUpRequest: Sendable {
    var email: String?
    var password: String?
    var displayName: String?
    var photoURL: String?
    var phoneNumber: String?
    var emailVerified: Bool?
    var disabled: Bool?
    var localID: String?
    var idToken: String?

    init(_ fields: RecordFields) throws(AuthError) {
        self.email = try fields.string("email")
        self.password = try fields.string("password")
        self.displayName = try fields.string("displayName")
        self.photoURL = try fields.string("photoUrl")
        self.phoneNumber = try fields.string("phoneNumber")
        self.emailVerified = try fields.bool("emailVerified")
        self.disabled = try fields.bool("disabled")
        self.localID = try fields.string("localId")
        self.idToken = try fields.string("idToken")
    }
}
