import HearthDatabase
import HearthHTTP
import Logging
import Synchronization

/// One client's Realtime Database stream (`rtdb.md` §4): a GET with `Accept: text/event-stream`.
///
/// The first event is a `put` at `/` with the current value (the query's result for a query
/// stream), taken atomically with the subscription so no change is missed or repeated. Then
/// each committed change under the location becomes `put`/`patch` events, sent only once the
/// change is durable and the read rule still holds (rules can depend on data, and rules can be
/// reloaded: losing access sends `cancel` with `null` data and ends the stream). An ID token's
/// expiry sends `auth_revoked` and ends it; the client's immediate reconnect is then refused
/// with 401 `Auth token is expired`, so it does not spin. Idle streams get `keep-alive` events.
///
/// Built as Firestore's listen streams are (`ListenStream`), for the same reasons: the store's
/// sink only appends to `DatabaseStreamFanout`'s list, whose one task waits for durability
/// once per change, checks the rules and queues the bytes on the connection without waiting
/// (a plain stream's bytes are encoded once per change for every stream at its location); the
/// stream's own task (the connection's, no task of its own) writes the first event, then
/// wakes only for keep-alives (`OpenStreams`), rules changes, expiry and the end. Writers never
/// wait: a reader that falls `bufferedEvents` events behind (its connection not writable
/// meanwhile), or whose unsent events would exceed the transport's per-stream byte bound, is
/// cut off: its memory is released and its connection closed at once (`ResponseBodyWriter.send`);
/// its client reconnects and gets a fresh `put`, which is how Firebase's clients recover.
///
/// Changes that arrive before the first event has been written wait in `State.early`, so the
/// client always sees the first `put` first and every change after it, in order.
final class DatabaseStream: Sendable {
    /// What wakes the stream's own task.
    enum Item: Sendable {
        case recheck
        case keepAlive
        case expired
        /// The stream was cut off or lost access: write these final bytes and end.
        case end([UInt8])
    }

    /// A change under the location, waiting for the first event to be written.
    private struct Early: Sendable {
        let change: DatabaseChange
        let value: DatabaseNode
    }

    private struct State: Sendable {
        /// The query stream's last result lives here, so it is only touched under the lock.
        var listener: DatabaseListener
        /// The first event's bytes until they are written. Kept here, not in the body closure,
        /// which lives as long as the stream: a large first value is released once sent.
        var first: [UInt8] = []
        var writer: (any ResponseBodyWriter)?
        var early: [Early] = []
    }

    let call: DatabaseCall
    /// How events render (`format=export`: with priorities).
    let format: DatabaseOutputFormat
    let registry: DatabaseRulesRegistry
    let settings: DatabaseSettings
    let streams: OpenStreams<Item>
    let fanout: DatabaseStreamFanout
    /// Plain streams at one location get the same bytes for a change: the fan-out encodes
    /// them once (nil for query streams, whose events depend on their last result).
    let sharedEncoding: DatabaseStreamEncoding?
    private let control: EventQueue<Item>
    private let state: Mutex<State>
    private let ended = Atomic(false)
    /// Set once subscribed, so a stream that is cut off leaves the store at once.
    private let subscription = Mutex<DatabaseSubscription?>(nil)

    init(
        call: DatabaseCall, format: DatabaseOutputFormat, registry: DatabaseRulesRegistry, settings: DatabaseSettings, streams: OpenStreams<Item>,
        fanout: DatabaseStreamFanout
    ) {
        self.call = call
        self.format = format
        self.registry = registry
        self.settings = settings
        self.streams = streams
        self.fanout = fanout
        let listener = DatabaseListener(path: call.path, query: call.query)
        self.sharedEncoding = listener.needsValue ? nil : DatabaseStreamEncoding(path: listener.path, format: format)
        self.control = EventQueue(capacity: settings.bufferedEvents)
        self.state = Mutex(State(listener: listener))
    }

    /// Whether the stream was cut off, lost access or finished; the fan-out skips it then.
    var hasEnded: Bool { self.ended.load(ordering: .relaxed) }

    /// Subscribes (atomically with the first event's value) and returns the streaming response.
    func response() -> Response {
        let filter = self.state.withLock { $0.listener }
        let (subscription, root) = self.call.store.subscribe { [fanout] change, root, receipt in
            guard filter.isAffected(by: change) else { return }
            fanout.enqueue(change, value: filter.needsValue ? root.child(at: filter.path) : .empty, receipt: receipt, for: self)
        }
        self.subscription.withLock { $0 = subscription }
        let lease = SubscriptionLease { [store = self.call.store] in store.unsubscribe(subscription) }
        let format = self.format
        self.state.withLock { $0.first = $0.listener.initialEvent(root: root).serialized(format) }
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no",
        ]
        return Response(headers: headers, body: .eventStream { [lease] writer in
            // The body holds the lease: dropped unrun (a HEAD request), it ends the subscription.
            _ = lease
            try await self.stream(writer)
        })
    }

    /// The stream's body (`OpenStreams.serve`), then leaving the store.
    @inline(never)
    private func stream(_ writer: any ResponseBodyWriter) async throws {
        let expiry = self.startExpiryTimer()
        defer {
            self.ended.store(true, ordering: .relaxed)
            expiry?.cancel()
            self.leaveStore()
        }
        try await self.streams.serve(
            writer, scope: self.call.namespace, queue: self.control,
            first: { self.state.withLock { state in
                defer { state.first = [] }
                return state.first
            } },
            goLive: { self.goLive(writer) },
            handle: { self.handle($0 ?? .end(self.cutOff() ?? [])) })
    }

    /// What to write for a control item, and whether the stream ends with it; nil for nothing.
    @inline(never)
    private func handle(_ item: Item) -> ([UInt8], last: Bool)? {
        switch item {
        case .end(let bytes):
            return (bytes, true)
        case .expired:
            guard let bytes = self.end(DatabaseStreamEvent.authRevoked.serialized()) else { return nil }
            return (bytes, true)
        case .recheck, .keepAlive:
            if let cancel = self.end(self.cancel(rules: self.registry.rules(for: self.call.namespace))) {
                return (cancel, true)
            }
            if case .keepAlive = item { return (DatabaseStreamEvent.keepAlive.serialized(), false) }
            return nil
        }
    }

    /// Called by the fan-out for each durable change: checks the rules, then queues the events'
    /// bytes on the connection without waiting (or keeps the change for after the first
    /// event). `shared` is the encoding for plain streams at this location, if the fan-out has
    /// it already; returns the bytes it encoded, for the next such stream.
    func deliver(_ change: DatabaseChange, value: DatabaseNode, rules: DatabaseRulesInForce?, shared: SharedBytes?) -> SharedBytes? {
        guard !self.hasEnded else { return nil }
        if let cancel = self.cancel(rules: rules) {
            self.finish(with: self.end(cancel))
            return nil
        }
        let format = self.format
        let (sent, encoded) = self.state.withLock { state -> (Bool, SharedBytes?) in
            guard let writer = state.writer else {
                state.early.append(Early(change: change, value: value))
                return (state.early.count <= self.settings.bufferedEvents, nil)
            }
            let bytes = shared ?? SharedBytes(Self.encode(state.listener.events(for: change, value: value), format))
            return (bytes.isEmpty || writer.send(bytes, backlog: self.settings.bufferedEvents), bytes)
        }
        if !sent { self.finish(with: self.cutOff()) }
        return encoded
    }

    /// One change's events as one piece.
    static func encode(_ events: [DatabaseStreamEvent], _ format: DatabaseOutputFormat) -> [UInt8] {
        events.count == 1 ? events[0].serialized(format) : events.flatMap { $0.serialized(format) }
    }

    /// After the first event: writes the changes that arrived meanwhile, then lets the fan-out write.
    private func goLive(_ writer: any ResponseBodyWriter) {
        let format = self.format
        let sent = self.state.withLock { state -> Bool in
            defer {
                state.writer = writer
                state.early = []
            }
            for early in state.early {
                let bytes = Self.encode(state.listener.events(for: early.change, value: early.value), format)
                if !bytes.isEmpty, !writer.send(SharedBytes(bytes), backlog: self.settings.bufferedEvents) { return false }
            }
            return true
        }
        if !sent { self.finish(with: self.cutOff()) }
    }

    /// Ends the stream from the fan-out (a change that could not be saved was undone: the
    /// client must start over, and its reconnect gets the current value).
    func abandon() {
        self.finish(with: self.end([]))
    }

    /// Leaves the store at once (never called under its lock: from the fan-out's task or the
    /// stream's own) and hands the final bytes to the stream's task (nil: it had ended).
    private func finish(with bytes: [UInt8]?) {
        guard let bytes else { return }
        self.leaveStore()
        self.control.push(.end(bytes))
        self.control.close()
    }

    private func leaveStore() {
        if let subscription = self.subscription.withLock({ $0.take() }) { self.call.store.unsubscribe(subscription) }
    }

    /// Marks the stream ended; returns `bytes` if this call ended it, nil if it had ended.
    private func end(_ bytes: [UInt8]?) -> [UInt8]? {
        guard let bytes else { return nil }
        return self.ended.exchange(true, ordering: .relaxed) ? nil : bytes
    }

    /// Ends the stream for falling behind (nothing more is written: Firebase's clients
    /// reconnect when the stream ends); empty bytes, or nil if it had already ended.
    @inline(never)
    private func cutOff() -> [UInt8]? {
        guard let bytes = self.end([]) else { return nil }
        self.call.logger.notice(
            "Closed the stream of \(self.call.path) (namespace \(self.call.namespace)): its reader fell more than \(self.settings.bufferedEvents) events or its stream buffer (--stream-buffer) behind. The client reconnects and gets the current value.")
        return bytes
    }

    /// The `cancel` event if `rules` (those in force now) no longer let the caller read the
    /// location, else nil.
    @inline(never)
    private func cancel(rules: DatabaseRulesInForce?) -> [UInt8]? {
        guard rules != nil else { return nil }
        return (try? self.call.with(rules: rules).authorizeRead()) == nil ? DatabaseStreamEvent.cancel.serialized() : nil
    }

    /// Pushes `.expired` when the caller's ID token expires (only tokens that carry an expiry).
    private func startExpiryTimer() -> Task<Void, Never>? {
        guard case .user(_, let expires?) = self.call.caller else { return nil }
        return Task { [control] in
            let delay = max(0, expires - WallClock.milliseconds())
            try? await Task.sleep(for: .milliseconds(delay))
            if !Task.isCancelled { control.push(.expired) }
        }
    }
}
