public import HearthJSON

/// An out-of-band code the emulator "e-mails" (`state.ts` `OobRecord`): listed at
/// `GET /emulator/v1/projects/{p}/oobCodes` and logged, never sent.
public struct OOBCode: Sendable, Equatable {
    /// What the code does: identitytoolkit's `requestType`.
    public enum Kind: String, Sendable, CaseIterable {
        case passwordReset = "PASSWORD_RESET"
        case verifyEmail = "VERIFY_EMAIL"
        case emailSignIn = "EMAIL_SIGNIN"
        case verifyAndChangeEmail = "VERIFY_AND_CHANGE_EMAIL"
        case recoverEmail = "RECOVER_EMAIL"
    }

    public var email: String
    public var newEmail: String?
    public var kind: Kind
    public var code: String
    public var link: String

    public init(email: String, newEmail: String? = nil, kind: Kind, code: String, link: String) {
        self.email = email
        self.newEmail = newEmail
        self.kind = kind
        self.code = code
        self.link = link
    }

    /// `{email, newEmail?, oobCode, oobLink, requestType}`.
    public var record: JSONObject {
        var members: [JSONObject.Member] = [.init(key: "email", value: .string(self.email))]
        if let newEmail { members.append(.init(key: "newEmail", value: .string(newEmail))) }
        members.append(.init(key: "oobCode", value: .string(self.code)))
        members.append(.init(key: "oobLink", value: .string(self.link)))
        members.append(.init(key: "requestType", value: .string(self.kind.rawValue)))
        return JSONObject(members)
    }
}
