public import HearthJSON

extension AuthUser {
    /// The user as identitytoolkit's `UserInfo` JSON: what `accounts:lookup` and
    /// `accounts:batchGet` answer, what the emulator suite's `auth_export/accounts.json` holds,
    /// and how the account is stored in the data file (so a stored record, an export and a
    /// lookup are the same bytes). Numbers the API types as strings (`createdAt`,
    /// `lastLoginAt`, `validSince`) are strings; `lastRefreshAt` is RFC 3339.
    public var record: JSONObject {
        var members: [JSONObject.Member] = [.init(key: "localId", value: .string(self.localID))]
        func add(_ key: String, _ value: String?) { if let value { members.append(.init(key: key, value: .string(value))) } }
        add("email", self.email)
        members.append(.init(key: "emailVerified", value: .bool(self.emailVerified)))
        add("displayName", self.displayName)
        add("photoUrl", self.photoURL)
        add("phoneNumber", self.phoneNumber)
        add("passwordHash", self.passwordHash)
        add("salt", self.salt)
        if let updated = self.passwordUpdatedAt { members.append(.init(key: "passwordUpdatedAt", value: .number(JSONNumber(updated)))) }
        add("validSince", self.validSince.map(String.init))
        members.append(.init(key: "disabled", value: .bool(self.disabled)))
        add("createdAt", String(self.createdAt))
        add("lastLoginAt", self.lastLoginAt.map(String.init))
        add("lastRefreshAt", self.lastRefreshAt.map(AuthTime.rfc3339))
        add("customAttributes", self.customAttributes)
        members.append(.init(key: "providerUserInfo", value: .array(self.providerUserInfo.map { .object($0.record) })))
        add("tenantId", self.tenantID)
        if self.emailLinkSignin { members.append(.init(key: "emailLinkSignin", value: .bool(true))) }
        for member in self.extra where !members.contains(where: { $0.key == member.key }) { members.append(member) }
        return JSONObject(members)
    }

    /// Reads a `UserInfo` record (a stored account, or one exported by Hearth or the emulator
    /// suite). Lenient about number-or-string timestamps, as exports from both exist.
    /// - Throws: `AuthError` when `localId` is missing or a member has the wrong type.
    public init(record: JSONObject) throws(AuthError) {
        let fields = RecordFields(record, what: "user")
        guard let localID = try fields.string("localId"), !localID.isEmpty else { throw AuthError("MISSING_LOCAL_ID") }
        self.init(localID: localID, createdAt: try fields.integer("createdAt") ?? 0)
        self.email = try fields.string("email")
        self.emailVerified = try fields.bool("emailVerified") ?? false
        self.displayName = try fields.string("displayName")
        self.photoURL = try fields.string("photoUrl")
        self.phoneNumber = try fields.string("phoneNumber")
        self.passwordHash = try fields.string("passwordHash")
        self.salt = try fields.string("salt")
        self.passwordUpdatedAt = try fields.integer("passwordUpdatedAt")
        self.validSince = try fields.integer("validSince")
        self.disabled = try fields.bool("disabled") ?? false
        self.lastLoginAt = try fields.integer("lastLoginAt")
        self.lastRefreshAt = try fields.string("lastRefreshAt").flatMap(AuthTime.milliseconds(rfc3339:))
        self.customAttributes = try fields.string("customAttributes")
        self.tenantID = try fields.string("tenantId")
        self.emailLinkSignin = try fields.bool("emailLinkSignin") ?? false
        for entry in try fields.array("providerUserInfo") ?? [] {
            guard case .object(let object) = entry else { throw AuthError.invalidArgument("providerUserInfo entries must be objects.") }
            self.providerUserInfo.append(try ProviderUserInfo(record: object))
        }
        self.extra = JSONObject(record.members.filter { !Self.modelledKeys.contains($0.key) })
    }

    /// The members ``record`` writes from typed fields; every other member goes to ``extra``.
    static let modelledKeys: Set<String> = [
        "localId", "email", "emailVerified", "displayName", "photoUrl", "phoneNumber", "passwordHash", "salt",
        "passwordUpdatedAt", "validSince", "disabled", "createdAt", "lastLoginAt", "lastRefreshAt", "customAttributes",
        "providerUserInfo", "tenantId", "emailLinkSignin",
    ]
}

extension ProviderUserInfo {
    /// identitytoolkit's `ProviderUserInfo` JSON.
    public var record: JSONObject {
        var members: [JSONObject.Member] = [
            .init(key: "providerId", value: .string(self.providerID)), .init(key: "rawId", value: .string(self.rawID)),
        ]
        func add(_ key: String, _ value: String?) { if let value { members.append(.init(key: key, value: .string(value))) } }
        add("federatedId", self.federatedID)
        add("email", self.email)
        add("displayName", self.displayName)
        add("photoUrl", self.photoURL)
        add("phoneNumber", self.phoneNumber)
        add("screenName", self.screenName)
        return JSONObject(members)
    }

    /// - Throws: `AuthError` when `providerId` or `rawId` is missing.
    public init(record: JSONObject) throws(AuthError) {
        let fields = RecordFields(record, what: "providerUserInfo")
        let federatedID = try fields.string("federatedId")
        guard let providerID = try fields.string("providerId"), let rawID = try fields.string("rawId") ?? federatedID else {
            throw AuthError("federatedId or (providerId & rawId) is required")
        }
        self.init(
            providerID: providerID, rawID: rawID, federatedID: federatedID, email: try fields.string("email"),
            displayName: try fields.string("displayName"), photoURL: try fields.string("photoUrl"),
            phoneNumber: try fields.string("phoneNumber"), screenName: try fields.string("screenName"))
    }
}
