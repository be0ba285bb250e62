import HearthDatabase
import HearthFirestore
import HearthHTTP

/// A session's events as server-sent events, the one place Hearth's SSE framing lives (the
/// domain modules produce typed events and JSON, never `event:`/`data:` lines).
///
/// Two dialects, because the two products' SSE protocols differ:
/// - Firestore (README "Listening"): `snapshot` events whose `id` is the resume token and whose
///   data is `ListenCodec`'s JSON, a final `error` event with Google's error JSON, and
///   keep-alives as comment lines (a credential refused since the stream opened: an `error`
///   with UNAUTHENTICATED).
/// - The Realtime Database (`rtdb.md` §4.3): `event: <name>\ndata: <data>\n\n` exactly (LF only;
///   no `id:`, `retry:` or comment lines, which break `firebase-admin`), `keep-alive`, `cancel`
///   and `auth_revoked` events, the data in the listen's output format.
struct SSEEncoder: SessionEncoder, Hashable {
    enum Dialect: Sendable, Hashable {
        case firestore
        case database(DatabaseOutputFormat)
    }

    let dialect: Dialect

    init(_ dialect: Dialect) {
        self.dialect = dialect
    }

    var sharingKey: String {
        switch self.dialect {
        case .firestore: "sse/firestore"
        case .database(.normal): "sse/database"
        case .database(.export): "sse/database/export"
        }
    }

    /// The response headers of a stream in this dialect.
    var headers: HTTPHeaders {
        let cache = self.dialect == .firestore ? "no-store" : "no-cache"
        return ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": cache, "X-Accel-Buffering": "no"]
    }

    func encode(_ event: SessionEvent) -> [UInt8] {
        switch event {
        case .snapshot(let snapshot, let database):
            return ServerSentEvent(event: "snapshot", id: snapshot.resumeToken.rfc3339, data: ListenCodec.json(snapshot, in: database)).encoded
        case .error(let error):
            return ServerSentEvent(event: "error", data: ListenCodec.json(error)).encoded
        case .changes(let events, _):
            return events.count == 1 ? self.database(events[0]) : events.flatMap { self.database($0) }
        case .cancel:
            return self.database(.cancel)
        case .revoked(let refusal):
            // Firestore's credentials do not expire here; a refused one ends the listen as
            // Firestore ends one whose token it no longer accepts: UNAUTHENTICATED.
            guard self.dialect == .firestore else { return self.database(.authRevoked) }
            let message = refusal?.message ?? "The ID token expired; sign in again for a new token."
            return ServerSentEvent(event: "error", data: ListenCodec.json(FirestoreError.unauthenticated(message))).encoded
        case .keepAlive:
            return self.dialect == .firestore ? ServerSentEvent.comment("keep-alive") : self.database(.keepAlive)
        }
    }

    /// One Realtime Database event, framed exactly as `rtdb.md` §4.3 and both Python clients want.
    private func database(_ event: DatabaseStreamEvent) -> [UInt8] {
        let format: DatabaseOutputFormat = if case .database(let format) = self.dialect { format } else { .normal }
        return Array("event: \(event.name)\ndata: ".utf8) + event.data(format) + [0x0A, 0x0A]
    }
}
