/// Every open Firestore listen stream of one server (see `OpenStreams`), scoped by project.
typealias ListenStreams = OpenStreams<StreamSession.Item>

extension OpenStreams where Item == StreamSession.Item {
    /// - Parameters:
    ///   - rules: the registry whose changes make every open stream re-check its access.
    ///   - accounts: the account store whose standing changes (a user disabled, tokens revoked)
    ///     make every open stream re-check its credential.
    convenience init(keepAlive: Duration, rules: FirestoreRulesRegistry, accounts: any AccountLookup = NoAccounts()) {
        self.init(keepAlive: keepAlive, keepAliveItem: .keepAlive, recheckItem: .recheck) { recheck in
            _ = rules.addObserver(recheck)
            accounts.observe(recheck)
        }
    }
}
