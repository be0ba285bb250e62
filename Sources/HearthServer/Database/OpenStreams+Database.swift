/// Every open Realtime Database stream of one server (see `OpenStreams`), scoped by namespace.
extension OpenStreams where Item == StreamSession.Item {
    /// - Parameter rules: the registry whose changes make every open stream re-check its access.
    convenience init(keepAlive: Duration, rules: DatabaseRulesRegistry) {
        self.init(keepAlive: keepAlive, keepAliveItem: .keepAlive, recheckItem: .recheck) { _ = rules.addObserver($0) }
    }
}
