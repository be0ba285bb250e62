public import HearthJSON

/// A project's Auth settings the emulator lets one change (`state.ts` `Config`): whether one
/// e-mail may have several accounts, the e-mail privacy setting, and the blocking-functions
/// configuration (kept and returned, not called: Hearth runs no Cloud Functions).
///
/// Durable, exported as `auth_export/config.json` in the emulator's
/// `GET /emulator/v1/projects/{p}/config` shape.
public struct AuthConfig: Sendable, Equatable {
    public var allowDuplicateEmails = false
    public var enableImprovedEmailPrivacy = false
    public var blockingFunctions = JSONObject()

    public init() {}

    /// identitytoolkit v2 `Config` (`GET /v2/projects/{p}/config`).
    public var record: JSONObject {
        JSONObject([
            .init(key: "signIn", value: .object(JSONObject([.init(key: "allowDuplicateEmails", value: .bool(self.allowDuplicateEmails))]))),
            .init(key: "blockingFunctions", value: .object(self.blockingFunctions)),
            .init(key: "emailPrivacyConfig", value: .object(JSONObject([
                .init(key: "enableImprovedEmailPrivacy", value: .bool(self.enableImprovedEmailPrivacy))
            ]))),
        ])
    }

    /// The emulator's own view (`/emulator/v1/projects/{p}/config`, `config.json`).
    public var emulatorRecord: JSONObject {
        JSONObject(self.record.members.filter { $0.key != "blockingFunctions" })
    }

    /// Applies the members `update` names; with `mask` (`signIn.allowDuplicateEmails,…`), only
    /// those paths, as `updateConfig` with an update mask does; without, every member (a
    /// missing one is reset), as the emulator's full update does.
    /// - Throws: `AuthError` for a member of the wrong type.
    public mutating func apply(_ update: JSONObject, mask: [String]?) throws(AuthError) {
        let signIn = try RecordFields(update).object("signIn").map { RecordFields($0) }
        let privacy = try RecordFields(update).object("emailPrivacyConfig").map { RecordFields($0) }
        let blocking = try RecordFields(update).object("blockingFunctions")
        guard let mask, !mask.isEmpty else {
            self.allowDuplicateEmails = try signIn?.bool("allowDuplicateEmails") ?? false
            self.enableImprovedEmailPrivacy = try privacy?.bool("enableImprovedEmailPrivacy") ?? false
            self.blockingFunctions = blocking ?? JSONObject()
            return
        }
        for path in mask {
            switch path {
            case "signIn.allowDuplicateEmails", "signIn":
                if let value = try signIn?.bool("allowDuplicateEmails") { self.allowDuplicateEmails = value }
            case "emailPrivacyConfig.enableImprovedEmailPrivacy", "emailPrivacyConfig":
                if let value = try privacy?.bool("enableImprovedEmailPrivacy") { self.enableImprovedEmailPrivacy = value }
            case "blockingFunctions":
                if let blocking { self.blockingFunctions = blocking }
            default:
                if path.hasPrefix("blockingFunctions."), let blocking { self.blockingFunctions = blocking }
            }
        }
    }

    /// Reads a stored or exported config (either shape).
    public init(record: JSONObject) throws(AuthError) {
        try self.apply(record, mask: nil)
    }
}
