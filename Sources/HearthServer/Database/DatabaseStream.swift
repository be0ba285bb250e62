import HearthDatabase
import HearthHTTP
import Logging
import Synchronization

/// One Realtime Database listen held by a `StreamSession` (`rtdb.md` §4): over SSE, a GET with
/// `Accept: text/event-stream`, its session's only subscription; over the WebSocket protocol
/// (`streams.md` §1), one `q` of a connection's many, named by its tag.
///
/// The first event is a `put` at `/` with the current value (the query's result for a query
/// listen), taken atomically with the subscription so no change is missed or repeated. Then
/// each committed change that concerns the location (the store files the listen by path,
/// `DatabasePathIndex`) becomes `put`/`patch` events, sent only once the change is durable and
/// the read rule still holds (rules can depend on data, and rules can be reloaded: losing
/// access removes the listen with `cancel`). The session ends on the ID token's expiry, or when
/// the Auth emulator disables its user or revokes it, with `auth_revoked`; the client's
/// immediate reconnect is then refused with the 401 that says why (`Auth token is expired`,
/// disabled, revoked), so it does not spin. A session that falls behind (see `StreamSession`) just ends:
/// Firebase's clients reconnect and get a fresh `put`.
///
/// Cost: this object, the listener's state (a query listen keeps its last result), and the
/// store's sink; the bytes live in the session, and plain listens at one location share one
/// encoding per change (`DatabaseStreamFanout`).
final class DatabaseStream: SessionSubscription {
    /// What wakes the session's task (kept under this name for the streams' registry).
    typealias Item = StreamSession.Item

    let call: DatabaseCall
    /// How events render (`format=export`: with priorities).
    let format: DatabaseOutputFormat
    let registry: DatabaseRulesRegistry
    let settings: DatabaseSettings
    let fanout: DatabaseStreamFanout
    /// Plain listens at one location get the same bytes for a change: the fan-out encodes them
    /// once (nil for query listens, whose events depend on their last result).
    let sharedEncoding: DatabaseStreamEncoding?
    /// The session holding the listen, and the listen's tag in it.
    let session: StreamSession
    let tag: Int64
    /// What the listen's events name (its path; over WebSocket, its tag and query).
    let target: DatabaseListenTarget
    /// The query listen's last result lives here, so it is only touched under the lock.
    private let listener: Mutex<DatabaseListener>
    private let left = Atomic(false)
    /// Set once subscribed, so a listen that is removed leaves the store at once.
    private let subscription = Mutex<DatabaseSubscription?>(nil)

    /// The listen which over SSE makes a stream of its own: a session holding only it.
    /// `credential`: the caller's ID token's user, asked about again when an account's standing
    /// changes (the stream ends with `auth_revoked` when the user is disabled or the token revoked).
    convenience init(
        call: DatabaseCall, format: DatabaseOutputFormat, registry: DatabaseRulesRegistry, settings: DatabaseSettings, streams: OpenStreams<Item>,
        fanout: DatabaseStreamFanout, credential: AccountCredential? = nil
    ) {
        let expires: Int64? = if case .user(_, let expires?) = call.caller { expires } else { nil }
        let session = StreamSession(
            scope: call.namespace, encoder: SSEEncoder(.database(format)), streams: streams, capacity: settings.bufferedEvents,
            bufferedBytes: settings.bufferedBytes, expires: expires, credential: credential)
        self.init(
            call: call, format: format, registry: registry, settings: settings, fanout: fanout, session: session, tag: 0,
            target: DatabaseListenTarget(path: call.path))
    }

    /// A listen held by `session` under `tag` (a WebSocket connection holds many), whose events
    /// name `target`.
    init(
        call: DatabaseCall, format: DatabaseOutputFormat, registry: DatabaseRulesRegistry, settings: DatabaseSettings,
        fanout: DatabaseStreamFanout, session: StreamSession, tag: Int64, target: DatabaseListenTarget
    ) {
        self.call = call
        self.format = format
        self.registry = registry
        self.settings = settings
        self.fanout = fanout
        self.target = target
        let listener = DatabaseListener(path: call.path, query: call.query)
        // Plain listens' bytes depend only on the location (and, tagged, the tag: never shared).
        self.sharedEncoding =
            listener.needsValue || target.tag != nil ? nil : DatabaseStreamEncoding(path: listener.path, encoder: session.encoder.sharingKey)
        self.listener = Mutex(listener)
        self.session = session
        self.tag = tag
    }

    /// Whether the listen left (removed, or its session ended); the fan-out skips it then.
    var hasEnded: Bool { self.left.load(ordering: .relaxed) }

    /// Subscribes (atomically with the first event's value) and returns the streaming response.
    func response() -> Response {
        let first = self.subscribe(sending: false)
        let encoder = SSEEncoder(.database(self.format))
        return self.session.response(headers: encoder.headers, opening: encoder.encode(.changes([first], self.target)))
    }

    /// Subscribes and sends the first event (the current value) through the live session, before
    /// any change: over WebSocket the listen's data goes before its `ok`.
    func start() {
        _ = self.subscribe(sending: true)
    }

    /// Adds the listen to its session, subscribes, and returns the first event (also sending it
    /// when `sending`).
    private func subscribe(sending: Bool) -> DatabaseStreamEvent {
        self.session.add(self, id: self.tag)
        // The first event is computed (and sent) under the listener's lock, taken before
        // subscribing: a change delivered meanwhile waits for it, so a query listen diffs
        // against its first result and no change reaches the client before it.
        return self.listener.withLock { listener -> DatabaseStreamEvent in
            let filter = listener
            let (subscription, root) = self.call.store.subscribe(at: filter.path) { [fanout] change, root, receipt in
                guard filter.isAffected(by: change) else { return }
                fanout.enqueue(change, value: filter.needsValue ? root.child(at: filter.path) : .empty, receipt: receipt, for: self)
            }
            self.subscription.withLock { $0 = subscription }
            let first = listener.initialEvent(root: root)
            if sending { self.session.send(.changes([first], self.target)) }
            return first
        }
    }

    /// Called by the fan-out for each durable change: checks the rules, then hands the events'
    /// bytes to the session (or removes the listen with `cancel`). `shared` is the encoding for
    /// plain listens at this location, if the fan-out has it already; returns the bytes it
    /// encoded, for the next such listen.
    func deliver(_ change: DatabaseChange, value: DatabaseNode, rules: DatabaseRulesInForce?, shared: SharedBytes?) -> SharedBytes? {
        guard !self.hasEnded else { return nil }
        if self.lostAccess(rules: rules) {
            self.session.remove(self.tag, with: .cancel(self.target))
            return nil
        }
        // Under the listener's lock, so nothing overtakes the first event (`subscribe`).
        return self.listener.withLock { listener in
            let bytes =
                shared ?? SharedBytes(self.session.encoder.encode(.changes(listener.events(for: change, value: value), self.target)))
            self.session.send(bytes)
            return bytes
        }
    }

    /// Ends the listen from the fan-out (a change that could not be saved was undone: the
    /// client must start over, and its reconnect gets the current value).
    func abandon() {
        self.session.remove(self.tag, with: nil)
    }

    func recheck() -> SessionEvent? {
        self.lostAccess(rules: self.registry.rules(for: self.call.namespace)) ? .cancel(self.target) : nil
    }

    func cutOff(behind backlog: SessionBacklog) -> SessionEvent? {
        self.call.logger.notice(
            "Closed the stream of \(self.call.path) (namespace \(self.call.namespace)): its reader fell more than \(self.settings.bufferedEvents) events or its stream buffer (--stream-buffer) behind. The client reconnects and gets the current value.")
        return nil
    }

    func leave() {
        self.left.store(true, ordering: .relaxed)
        if let subscription = self.subscription.withLock({ $0.take() }) { self.call.store.unsubscribe(subscription) }
    }

    /// Whether `rules` (those in force now) no longer let the caller read the location.
    @inline(never)
    private func lostAccess(rules: DatabaseRulesInForce?) -> Bool {
        guard rules != nil else { return false }
        return (try? self.call.with(rules: rules).authorizeRead()) == nil
    }
}
