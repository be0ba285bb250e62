/// Where accounts live: a project, or one of its tenants (Identity Platform multi-tenancy).
///
/// Each scope has its own accounts, e-mail and phone indexes, as the emulator's
/// `AgentProjectState` / `TenantProjectState` do; the same e-mail may exist once per scope.
public struct AuthScope: Sendable, Hashable, CustomStringConvertible {
    public let project: String
    /// nil for the project's own accounts (the "default tenant").
    public let tenant: String?

    /// - Throws: `AuthError` when an id holds characters project and tenant ids never do
    ///   (they name storage namespaces and appear in URLs).
    public init(project: String, tenant: String? = nil) throws(AuthError) {
        guard Self.isValidID(project) else { throw AuthError("INVALID_PROJECT_ID : \(project)") }
        if let tenant, !Self.isValidID(tenant) { throw AuthError("INVALID_TENANT_ID : \(tenant)") }
        self.project = project
        self.tenant = tenant
    }

    public var description: String { self.tenant.map { "\(self.project)/tenants/\($0)" } ?? self.project }

    /// Whether `id` can name a project (see ``isValidID(_:)``).
    public static func isValidProject(_ id: String) -> Bool { Self.isValidID(id) }

    /// Letters, digits, `-`, `_` and `.`, 1 to 128 characters: every real project and tenant id.
    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 128
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}
