import HearthAuth
import HearthJSON

/// `accounts:update` (identitytoolkit `SetAccountInfoRequest`): by the user (`idToken`), by
/// an OOB code, or by the admin (`localId`, with `customAttributes`, `disableUser`,
/// `validSince`, `phoneNumber`…). The profile members come from ``ProfileFields``.
@dynamicMemberLookup
struct UpdateAccountRequest: Sendable {
    var profile: ProfileFields
    var idToken: String?
    var localID: String?
    var oobCode: String?
    var disableUser: Bool?
    var customAttributes: String?
    var validSince: Int64?
    var createdAt: Int64?
    var lastLoginAt: Int64?
    var deleteAttributes: [String]
    var deleteProviders: [String]
    var linkProviderUserInfo: ProviderUserInfo?
    /// Members the emulator does not implement either (501).
    var unimplemented: String?

    init(_ fields: RecordFields) throws(AuthError) {
        self.idToken = try fields.string("idToken")
        self.localID = try fields.string("localId")
        self.oobCode = try fields.string("oobCode")
        self.profile = try ProfileFields(fields)
        self.disableUser = try fields.bool("disableUser")
        self.customAttributes = try fields.string("customAttributes")
        self.validSince = try fields.integer("validSince")
        self.createdAt = try fields.integer("createdAt")
        self.lastLoginAt = try fields.integer("lastLoginAt")
        self.deleteAttributes = try fields.strings("deleteAttribute")
        self.deleteProviders = try fields.strings("deleteProvider")
        self.linkProviderUserInfo = try fields.object("linkProviderUserInfo").map { object throws(AuthError) in
            let info = RecordFields(object)
            guard let provider = try info.string("providerId") else { throw AuthError("MISSING_PROVIDER_ID") }
            guard try info.string("rawId") != nil else { throw AuthError("MISSING_RAW_ID") }
            _ = provider
            return try ProviderUserInfo(record: object)
        }
        self.unimplemented = ["provider", "upgradeToFederatedLogin"].first { fields.object[$0] != nil }
    }

    subscript<Value>(dynamicMember member: KeyPath<ProfileFields, Value>) -> Value { self.profile[keyPath: member] }
}
