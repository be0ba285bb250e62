/// One subscription a `StreamSession` holds: a Firestore target (`ListenStream`) or a Realtime
/// Database listen (`DatabaseStream`). The session asks it what the product alone knows: whether
/// the rules still allow it, what to tell a client that fell behind, how to leave the store.
protocol SessionSubscription: AnyObject, Sendable {
    /// Checks access again with the rules in force now; the event that removes the subscription
    /// if access was lost (`error` for Firestore, `cancel` for the Realtime Database), else nil.
    func recheck() -> SessionEvent?
    /// Called once when the session is cut off for falling behind on `backlog`: what to tell the
    /// client before the connection ends (nil: nothing, the client reconnects).
    func cutOff(behind backlog: SessionBacklog) -> SessionEvent?
    /// Leaves the store, so no more changes reach the subscription. Idempotent, never called
    /// under the store's lock.
    func leave()
    /// The subscription's own encoder, when its session holds many that its transport names
    /// in each message (gRPC Listen targets); nil: the session's.
    var encoder: (any SessionEncoder)? { get }
}

extension SessionSubscription {
    var encoder: (any SessionEncoder)? { nil }
}
