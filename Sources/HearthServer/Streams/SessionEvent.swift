import HearthDatabase
import HearthFirestore

/// One thing a realtime session tells its client, typed, before any wire encoding: a
/// `SessionEncoder` turns it into the transport's bytes (server-sent events, the Realtime
/// Database's WebSocket messages; gRPC `ListenResponse` messages plug in the same way).
///
/// Why typed rather than bytes: the session, the fan-outs and the rules checks are the same for
/// every transport; only the encoder knows a wire format, so a new transport is one encoder,
/// not a third copy of the delivery code.
enum SessionEvent: Sendable {
    /// A Firestore target's snapshot; `database` names its documents.
    case snapshot(ListenSnapshot, database: DatabaseID)
    /// A Realtime Database listen's `put`/`patch` events for one change (possibly none),
    /// relative to the listen's location.
    case changes([DatabaseStreamEvent], DatabaseListenTarget)
    /// A Firestore target removed for an error (access lost, the client fell behind).
    case error(FirestoreError)
    /// A Realtime Database listen cancelled: the rules no longer let the caller read it.
    case cancel(DatabaseListenTarget)
    /// The caller's credential expired (nil), or the account store refused it since (its user
    /// disabled, its tokens revoked): every subscription of the session ends.
    case revoked(IdentityError?)
    /// Nothing happened for a while: keeps proxies from closing the connection.
    case keepAlive
}
