import HearthAuth
import HearthJSON

extension AuthService {
    /// `accounts:batchGet` (`batchGet`): accounts in local-id order after `nextPageToken`,
    /// `maxResults` of them (20 by default, at most 1,000; -1 for all, the emulator's own
    /// extension its export uses); the last id is the next page's token.
    func batchGet(maxResults: Int?, pageToken: String?, _ call: AuthCall) throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        let requested = maxResults ?? 20
        let limit: Int? = requested < 0 ? nil : min(requested == 0 ? 20 : requested, 1000)
        let users = try self.store.read(call.scope) { index in index.page(after: pageToken, limit: limit) }
        var next: String?
        if let limit, users.count >= limit, let last = users.last { next = last.localID }
        return AuthReply.object([
            ("kind", .string("identitytoolkit#DownloadAccountResponse")), ("users", .array(users.map { .object($0.record) })),
            ("nextPageToken", AuthReply.string(next)),
        ])
    }

    /// `accounts:batchCreate` (`batchCreate`): imports accounts as given (firebase-admin's
    /// `import_users`, the emulator suite's `auth_export/accounts.json`). A `passwordHash` is
    /// kept as given (an emulator export's fake hash signs in again); `rawPassword` is hashed
    /// the emulator's way. Per-account problems are reported in `error` by index; the others
    /// are imported.
    func batchCreate(_ body: RecordFields, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        guard let entries = try body.array("users"), !entries.isEmpty else { throw AuthError("MISSING_USER_ACCOUNT") }
        let allowOverwrite = try body.bool("allowOverwrite") ?? false
        let sanityCheck = try body.bool("sanityCheck") ?? false
        var records: [JSONObject] = []
        for entry in entries {
            guard case .object(let object) = entry else { throw AuthError.invalidArgument("Invalid value at 'users': each user must be an object.") }
            records.append(object)
        }
        if !allowOverwrite {
            var seen = Set<String>()
            for record in records {
                let id = record["localId"]?.stringValue ?? ""
                guard seen.insert(id).inserted else { throw AuthError("DUPLICATE_LOCAL_ID : \(id)") }
            }
        }
        let errors = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> [JSONValue] in
            var errors: [JSONValue] = []
            for (index, record) in records.enumerated() {
                do throws(AuthError) {
                    let user = try Self.importedUser(record, transaction: transaction, sanityCheck: sanityCheck)
                    if transaction.user(user.localID) != nil, !allowOverwrite {
                        throw AuthError("localId belongs to an existing account - can not overwrite.")
                    }
                    try transaction.put(user)
                } catch {
                    errors.append(.object(JSONObject([
                        .init(key: "index", value: .number(JSONNumber(index))), .init(key: "message", value: .string(error.message)),
                    ])))
                }
            }
            return errors
        }
        return AuthReply.object([("kind", .string("identitytoolkit#UploadAccountResponse")), ("error", .array(errors))])
    }

    /// One imported account, as the emulator's `batchCreate` builds it.
    private static func importedUser(_ record: JSONObject, transaction: AccountTransaction, sanityCheck: Bool) throws(AuthError) -> AuthUser {
        guard let id = record["localId"]?.stringValue, !id.isEmpty else { throw AuthError("localId is missing") }
        let now = transaction.now
        var user = try AuthUser(record: record)
        if let tenant = user.tenantID, tenant != transaction.scope.tenant {
            throw AuthError("Tenant id in userInfo does not match the tenant id in request.")
        }
        user.tenantID = transaction.scope.tenant
        let fields = RecordFields(record)
        if user.passwordHash != nil {
            user.passwordUpdatedAt = now
        } else if let raw = try fields.string("rawPassword") {
            let salt = user.salt ?? PasswordHash.newSalt()
            user.salt = salt
            user.passwordHash = PasswordHash.hash(raw, salt: salt)
            user.passwordUpdatedAt = now
        }
        user.extra.setMember("rawPassword", nil)
        if let claims = user.customAttributes {
            do throws(AuthError) {
                try CustomClaims.validate(serialized: claims)
            } catch {
                switch error.code {
                case "INVALID_CLAIMS": throw AuthError("Invalid custom claims provided.")
                case "CLAIMS_TOO_LARGE": throw AuthError("Custom claims provided are too large.")
                default: throw AuthError("Custom claims provided include a reserved claim.")
                }
            }
        }
        user.providerUserInfo.removeAll { $0.providerID == AuthUser.passwordProvider || $0.providerID == AuthUser.phoneProvider }
        for info in user.providerUserInfo {
            if let other = transaction.user(provider: info.providerID, rawID: info.rawID), other.localID != id {
                throw AuthError("raw id exists in other account in database")
            }
        }
        if let phone = user.phoneNumber, !EmailAddress.isValidPhoneNumber(phone) { throw AuthError("phone number format is invalid") }
        user.validSince = now / 1000
        if record["createdAt"] == nil { user.createdAt = now }
        if let email = user.email {
            guard EmailAddress.isValid(email) else { throw AuthError("email is invalid") }
            if let other = transaction.user(email: email), other.localID != id {
                throw AuthError(
                    sanityCheck && !transaction.config.allowDuplicateEmails
                        ? "email exists in other account in database"
                        : "((Auth Emulator does not support importing duplicate email: \(email)))")
            }
        }
        return user
    }

    /// `accounts:batchDelete` (`batchDelete`): removes the disabled accounts among `localIds`
    /// (every one with `force`); an enabled one is reported `NOT_DISABLED`.
    func batchDelete(localIDs: [String], force: Bool, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        guard !localIDs.isEmpty, localIDs.count <= 1000 else { throw AuthError("LOCAL_ID_LIST_EXCEEDS_LIMIT") }
        let errors = try await self.write(call) { (transaction: inout AccountTransaction) throws(AuthError) -> [JSONValue] in
            var errors: [JSONValue] = []
            for (index, id) in localIDs.enumerated() {
                guard let user = transaction.user(id) else { continue }
                if !user.disabled, !force {
                    errors.append(.object(JSONObject([
                        .init(key: "index", value: .number(JSONNumber(index))), .init(key: "localId", value: .string(id)),
                        .init(key: "message", value: .string("NOT_DISABLED : Disable the account before batch deletion.")),
                    ])))
                } else {
                    transaction.delete(id)
                }
            }
            return errors
        }
        return AuthReply.object([("errors", errors.isEmpty ? nil : .array(errors))])
    }

    /// `accounts:query` (`queryAccounts`): every account by local id (the emulator supports
    /// neither `expression`, `limit` nor `offset`), or only the count with
    /// `returnUserInfo: false`.
    func queryAccounts(_ body: RecordFields, _ call: AuthCall) throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        if let expression = try body.array("expression"), !expression.isEmpty { throw AuthError.notImplemented("expression") }
        if try body.integer("limit") != nil { throw AuthError.notImplemented("limit") }
        if let offset = try body.integer("offset"), offset != 0 { throw AuthError.notImplemented("offset") }
        let sortBy = try body.string("sortBy") ?? "USER_ID"
        guard sortBy == "USER_ID" || sortBy == "SORT_BY_FIELD_UNSPECIFIED" else {
            throw AuthError.notImplemented("Only sorting by USER_ID is implemented. Sorting by \(sortBy)")
        }
        let descending = try body.string("order") == "DESC"
        var users = try self.store.read(call.scope) { index in index.page(after: nil, limit: nil) }
        if try body.bool("returnUserInfo") == false {
            return AuthReply.object([("recordsCount", .string(String(users.count)))])
        }
        if descending { users.reverse() }
        return AuthReply.object([
            ("recordsCount", .string(String(users.count))), ("userInfo", .array(users.map { .object($0.record) })),
        ])
    }

    /// `:createSessionCookie` (`createSessionCookie`): the ID token's claims re-issued as an
    /// unsigned session cookie, issuer `https://session.firebase.google.com/<project>`, valid
    /// `validDuration` seconds (5 minutes to 2 weeks; 2 weeks by default).
    /// An admin operation, as in production (firebase-admin sends `Bearer owner`).
    func createSessionCookie(idToken: String?, validDuration: Int64?, _ call: AuthCall) throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        guard let idToken, !idToken.isEmpty else { throw AuthError.missingIDToken }
        let duration = validDuration.flatMap { $0 == 0 ? nil : $0 } ?? 14 * 86_400
        guard (300...(14 * 86_400)).contains(duration) else { throw AuthError("INVALID_DURATION") }
        let (_, token) = try self.user(presenting: idToken, call)
        let issued = self.store.now() / 1000
        var claims = token.claims
        claims.setMember("iat", .number(JSONNumber(issued)))
        claims.setMember("exp", .number(JSONNumber(issued + duration)))
        claims.setMember("iss", .string("https://session.firebase.google.com/\(token.project)"))
        return AuthReply.object([("sessionCookie", .string(UnsignedJWT.encode(claims)))])
    }
}
