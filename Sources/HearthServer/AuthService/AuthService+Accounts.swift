import HearthAuth
import HearthJSON

extension AuthService {
    /// `accounts:lookup` (`lookup`): the user's own account by `idToken`, or for the admin,
    /// every account matching the given ids, e-mails, phone numbers and federated ids. No
    /// `users` member when none matched (firebase-admin reads that as not found).
    func lookup(_ request: LookupRequest, _ call: AuthCall) throws(AuthError) -> JSONObject {
        var users: [AuthUser] = []
        if call.isAdmin {
            try self.store.read(call.scope) { index in
                var seen = Set<String>()
                func add(_ user: AuthUser?) {
                    if let user, seen.insert(user.localID).inserted { users.append(user) }
                }
                for id in request.localIDs { add(index.user(id)) }
                for email in request.emails { add(index.user(email: EmailAddress.canonical(email))) }
                for phone in request.phoneNumbers { add(index.user(phoneNumber: phone)) }
                for id in request.federatedUserIDs { add(index.user(provider: id.providerID, rawID: id.rawID)) }
            }
        } else {
            users = [try self.user(presenting: request.idToken, call).0]
        }
        return AuthReply.object([
            ("kind", .string("identitytoolkit#GetAccountInfoResponse")),
            ("users", users.isEmpty ? nil : .array(users.map { .object($0.record) })),
        ])
    }

    /// `accounts:delete` (`deleteAccount`): the admin by `localId`, a user by `idToken`.
    /// The answer carries `kind`, which firebase-admin's `delete_user` requires.
    func deleteAccount(localID requestedID: String?, idToken: String?, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> Void in
            let localID: String
            if call.isAdmin {
                guard let id = requestedID, !id.isEmpty else { throw AuthError.missingLocalID }
                guard transaction.user(id) != nil else { throw AuthError.userNotFound }
                localID = id
            } else {
                localID = try transaction.user(presenting: idToken).0.localID
            }
            transaction.delete(localID)
        }
        return AuthReply.object([("kind", .string("identitytoolkit#DeleteAccountResponse"))])
    }
}
