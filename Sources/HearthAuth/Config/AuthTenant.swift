public import HearthJSON

/// An Identity Platform tenant: its id and settings, in identitytoolkit v2's `Tenant` JSON
/// (`name`, `tenantId`, `displayName`, `allowPasswordSignup`, `enableEmailLinkSignin`,
/// `enableAnonymousUser`, `disableAuth`, `mfaConfig`…), kept as JSON because Hearth only
/// reads the four switches below; everything else is returned as it was set.
public struct AuthTenant: Sendable, Equatable {
    public let id: String
    public private(set) var record: JSONObject

    /// A tenant with everything enabled: what the emulator creates when a request names a
    /// tenant that does not exist yet (`getTenantProject`).
    public init(id: String, project: String) {
        self.init(id: id, project: project, settings: JSONObject([
            .init(key: "allowPasswordSignup", value: .bool(true)),
            .init(key: "disableAuth", value: .bool(false)),
            .init(key: "enableAnonymousUser", value: .bool(true)),
            .init(key: "enableEmailLinkSignin", value: .bool(true)),
            .init(key: "mfaConfig", value: .object(JSONObject([
                .init(key: "state", value: .string("ENABLED")),
                .init(key: "enabledProviders", value: .array([.string("PHONE_SMS")])),
            ]))),
        ]))
    }

    /// A tenant with `settings` (a v2 `Tenant` body); `name` and `tenantId` are set here.
    public init(id: String, project: String, settings: JSONObject) {
        self.id = id
        var members = settings.members.filter { $0.key != "name" && $0.key != "tenantId" }
        members.insert(.init(key: "tenantId", value: .string(id)), at: 0)
        members.insert(.init(key: "name", value: .string("projects/\(project)/tenants/\(id)")), at: 0)
        self.record = JSONObject(members)
    }

    /// Replaces the members of `update` (those `mask` names, or all of them).
    public mutating func apply(_ update: JSONObject, mask: [String]?) {
        for member in update where member.key != "name" && member.key != "tenantId" {
            guard mask?.isEmpty ?? true || mask!.contains(where: { $0 == member.key || $0.hasPrefix(member.key + ".") }) else { continue }
            if let index = self.record.members.firstIndex(where: { $0.key == member.key }) {
                self.record.members[index].value = member.value
            } else {
                self.record.members.append(member)
            }
        }
    }

    public var allowsPasswordSignUp: Bool { self.record["allowPasswordSignup"]?.boolValue ?? false }
    public var allowsAnonymousUsers: Bool { self.record["enableAnonymousUser"]?.boolValue ?? false }
    public var allowsEmailLinkSignIn: Bool { self.record["enableEmailLinkSignin"]?.boolValue ?? false }
    public var authDisabled: Bool { self.record["disableAuth"]?.boolValue ?? false }
}
