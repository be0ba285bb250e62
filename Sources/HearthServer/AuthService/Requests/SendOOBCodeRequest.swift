import HearthAuth

/// `accounts:sendOobCode` (identitytoolkit `GetOobCodeRequest`).
struct SendOOBCodeRequest: Sendable {
    var requestType: String?
    var email: String?
    var newEmail: String?
    var idToken: String?
    var continueURL: String?
    var returnOOBLink: Bool
    var canHandleCodeInApp: Bool

    init(_ fields: RecordFields) throws(AuthError) {
        self.requestType = try fields.string("requestType")
        self.email = try fields.string("email")
        self.newEmail = try fields.string("newEmail")
        self.idToken = try fields.string("idToken")
        self.continueURL = try fields.string("continueUrl")
        self.returnOOBLink = try fields.bool("returnOobLink") ?? false
        self.canHandleCodeInApp = try fields.bool("canHandleCodeInApp") ?? false
    }
}
