import HearthAuth
import HearthJSON

/// `accounts:lookup`: a user's own `idToken`, or (admin) lists of local ids, e-mails, phone
/// numbers and federated ids.
struct LookupRequest: Sendable {
    var idToken: String?
    var localIDs: [String]
    var emails: [String]
    var phoneNumbers: [String]
    var federatedUserIDs: [(providerID: String, rawID: String)]

    init(_ fields: RecordFields) throws(AuthError) {
        self.idToken = try fields.string("idToken")
        self.localIDs = try fields.strings("localId")
        self.emails = try fields.strings("email")
        self.phoneNumbers = try fields.strings("phoneNumber")
        self.federatedUserIDs = []
        let entries = try fields.array("federatedUserId") ?? []
        for entry in entries {
            guard let object = entry.objectValue else { continue }
            let id = RecordFields(object)
            if let provider = try id.string("providerId"), let raw = try id.string("rawId") { self.federatedUserIDs.append((provider, raw)) }
        }
    }
}
