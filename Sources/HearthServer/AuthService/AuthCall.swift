import HearthAuth

/// Who calls an Auth operation and on what: the scope (project, or tenant) the path, the
/// body's `tenantId` and the tokens name; whether the caller is the admin (`Bearer owner`,
/// which the emulator treats as a Google OAuth 2 token with every permission); and the URL
/// the emulator is reached at, for the links in OOB codes.
struct AuthCall: Sendable {
    let scope: AuthScope
    let isAdmin: Bool
    /// `http://host:port` as the client addressed the server (its `Host` header).
    let baseURL: String

    /// - Throws: `INSUFFICIENT_PERMISSION` unless the caller is the admin.
    func requireAdmin() throws(AuthError) {
        guard self.isAdmin else {
            throw AuthError(status: 403, "INSUFFICIENT_PERMISSION : This operation needs admin credentials (Authorization: Bearer owner).", statusName: "PERMISSION_DENIED")
        }
    }
}
