/// Every open Firestore listen stream of one server (see `OpenStreams`), scoped by project.
typealias ListenStreams = OpenStreams<ListenStream.Item>

extension OpenStreams where Item == ListenStream.Item {
    /// - Parameter rules: the registry whose changes make every open stream re-check its access.
    convenience init(keepAlive: Duration, rules: FirestoreRulesRegistry) {
        self.init(keepAlive: keepAlive, keepAliveItem: .keepAlive, recheckItem: .recheck) { _ = rules.addObserver($0) }
    }
}
