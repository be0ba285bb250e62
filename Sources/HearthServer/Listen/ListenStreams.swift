/// Every open Firestore listen stream of one server (see `OpenStreams`), scoped by project.
typealias ListenStreams = OpenStreams<StreamSession.Item>

extension OpenStreams where Item == StreamSession.Item {
    /// - Parameter rules: the registry whose changes make every open stream re-check its access.
    convenience init(keepAlive: Duration, rules: FirestoreRulesRegistry) {
        self.init(keepAlive: keepAlive, keepAliveItem: .keepAlive, recheckItem: .recheck) { _ = rules.addObserver($0) }
    }
}
