/// What a server bound beyond loopback exposes to other machines, as the warning `hearth
/// serve` logs at start: which services, what those machines can do with the data, and whether
/// the admin endpoints and the `owner` token are open to them.
///
/// A local backend is usually bound to `0.0.0.0` for a phone on the LAN, a VM or a container,
/// and it is easy to forget that the same address serves every host on that network.
public struct NetworkExposure: Sendable {
    /// Where each service listens.
    public var endpoints: [BoundEndpoint]
    /// `--allow-remote-owner`: other machines may use the admin endpoints and the `owner` token.
    public var allowsRemoteAdmin: Bool
    /// Whether a Firestore rules file (`--rules`) is in force, rather than allowing everything.
    public var firestoreRulesLoaded: Bool
    /// Whether a Realtime Database rules file (`--database-rules`) is in force.
    public var databaseRulesLoaded: Bool

    public init(endpoints: [BoundEndpoint], allowsRemoteAdmin: Bool, firestoreRulesLoaded: Bool, databaseRulesLoaded: Bool) {
        self.endpoints = endpoints
        self.allowsRemoteAdmin = allowsRemoteAdmin
        self.firestoreRulesLoaded = firestoreRulesLoaded
        self.databaseRulesLoaded = databaseRulesLoaded
    }

    /// The warning, or nil when every service is bound to loopback only.
    public var warning: String? {
        let exposed = self.endpoints.filter { !$0.isLoopback }
        guard !exposed.isEmpty else { return nil }
        let services = exposed.map { endpoint in
            switch endpoint.service {
            case .firestore: "Firestore on \(endpoint.hostAndPort)"
            case .database: "the Realtime Database on \(endpoint.hostAndPort)"
            case .auth: "the Auth emulator on \(endpoint.hostAndPort)"
            // Never exposed (the UI binds loopback, see UIUnit), named should that change.
            case .ui: "the web UI on \(endpoint.hostAndPort)"
            }
        }
        var rules: [String] = []
        for endpoint in exposed {
            switch endpoint.service {
            case .firestore:
                rules.append(
                    self.firestoreRulesLoaded
                        ? "Firestore as its rules allow"
                        : "every Firestore document, since no --rules file is loaded (rules deployed with :securityRules apply to their project)")
            case .database:
                rules.append(
                    self.databaseRulesLoaded
                        ? "Realtime Database data as its rules allow"
                        : "all Realtime Database data, since no --database-rules file is loaded (rules uploaded to /.settings/rules.json apply to their namespace)")
            case .auth:
                rules.append("every Auth account (anyone may sign up, and the emulator's passwords are stored in clear)")
            case .ui:
                break
            }
        }
        let admin =
            self.allowsRemoteAdmin
            ? "The admin endpoints (export, which writes folders on this machine; clear; rules upload) and the 'owner' token, "
                + "which bypasses the rules, are open to them too (--allow-remote-owner)."
            : "The admin endpoints (export, clear, rules upload) and the 'owner' token are refused to them "
                + "(--allow-remote-owner would open them)."
        return "Listening beyond this machine: \(services.joined(separator: " and ")) accept\(exposed.count == 1 ? "s" : "") "
            + "connections from any host that can reach \(exposed.count == 1 ? "it" : "them"). Those hosts can read and write "
            + "\(rules.joined(separator: ", and ")). \(admin) Bind 127.0.0.1 (the default) to keep Hearth to this machine."
    }
}
