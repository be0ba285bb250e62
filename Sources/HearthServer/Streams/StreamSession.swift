import HearthDatabase
import HearthHTTP
import Synchronization

/// One client connection's realtime session: the subscriptions it holds (Firestore targets by
/// id, Realtime Database listens by tag), one byte-bounded queue for everything they deliver,
/// and one encoder for the connection's transport. Today every SSE response is a session with
/// one subscription (`ListenStream`, `DatabaseStream`), which ends with its subscription; a
/// gRPC `Listen` stream or an RTDB WebSocket (`DatabaseSocketConnection`) is one session with many.
///
/// Why one layer for both products: the mechanics of a stream (a first event written before
/// any later one, deliveries queued without waiting, a reader that falls behind cut off, the
/// rules re-checked on delivery and on every keep-alive, the end) were written twice, once per
/// product; here they are written once, and a product only says what it alone knows
/// (`SessionSubscription`).
///
/// Writers never wait for a session: the fan-outs hand it typed events, and `send` queues the
/// encoded bytes on the connection at once (`ResponseBodyWriter.send`), so a quiet connection
/// gets each event immediately; the transport coalesces only while the connection is busy.
/// Bounded in bytes: events that arrive before the first one is written wait here within
/// `bufferedBytes` (and `capacity` events), later ones within the transport's per-stream bound
/// (`--stream-buffer`). A session refused either is cut off: every subscription leaves its
/// store at once, what the session held is dropped, and its client gets each subscription's
/// final word (Firestore's RESOURCE_EXHAUSTED `error`; nothing for the Realtime Database,
/// whose clients reconnect) after what it was already sent.
///
/// The session's own task (the connection's) writes the first event, then wakes only for
/// keep-alives, rules and account-standing changes (`OpenStreams`), the credential's expiry
/// and the end; a credential the account store refuses since (a user disabled, tokens revoked)
/// ends the session as its expiry does. Cost: one entry per subscription, one small control
/// queue, the bytes it holds, and for a user's session its `credential` (about 100 bytes).
final class StreamSession: Sendable {
    /// What wakes the session's own task.
    enum Item: Sendable {
        case recheck
        case keepAlive
        case expired
        /// The client's side has something to read (a gRPC Listen call's requests): the
        /// session's task reads it with the `input` given to ``serve(on:input:)``.
        case input
        /// The session was cut off or its last subscription ended: write these final bytes and end.
        case end([UInt8])
    }

    private struct State: Sendable {
        var subscriptions: [Int64: any SessionSubscription] = [:]
        /// The first event's bytes until they are written. Kept here, not in the body closure,
        /// which lives as long as the session: a large first event is released once sent.
        var opening: [UInt8] = []
        var writer: (any ResponseBodyWriter)?
        /// Encoded events delivered before the first one was written, and their size.
        var early: [SharedBytes] = []
        var earlyBytes = 0
    }

    /// What the session belongs to (a project, a namespace), for the `listeners` count.
    let scope: String
    let encoder: any SessionEncoder
    let streams: OpenStreams<Item>
    /// Events that may wait while the connection is not writable.
    let capacity: Int
    /// Bytes of events that may wait for the first one to be written.
    let bufferedBytes: Int
    /// Whether the session ends when its last subscription leaves (an SSE response: yes).
    let endsWithLastSubscription: Bool
    /// When the caller's credential expires (milliseconds since the epoch), if it does.
    let expires: Int64?
    /// What is asked again about the caller's credential at each re-check and keep-alive (a
    /// user disabled or tokens revoked since it authenticated); nil when nothing is (anonymous,
    /// `owner`).
    let credential: (any SessionCredential)?
    /// Wakes the session's task; closed once the session ends, so keep-alives are refused then.
    let control: EventQueue<Item>
    private let state = Mutex(State())
    private let ended = Atomic(false)

    init(
        scope: String, encoder: any SessionEncoder, streams: OpenStreams<Item>, capacity: Int, bufferedBytes: Int,
        endsWithLastSubscription: Bool = true, expires: Int64? = nil, credential: (any SessionCredential)? = nil
    ) {
        self.scope = scope
        self.encoder = encoder
        self.streams = streams
        self.capacity = capacity
        self.bufferedBytes = bufferedBytes
        self.endsWithLastSubscription = endsWithLastSubscription
        self.expires = expires
        self.credential = credential
        self.control = EventQueue(capacity: capacity)
    }

    /// Whether the session was cut off, lost its last subscription or finished.
    var hasEnded: Bool { self.ended.load(ordering: .relaxed) }

    /// Subscriptions held now.
    var subscriptionCount: Int { self.state.withLock { $0.subscriptions.count } }

    /// Adds `subscription` under `id` (a Firestore target id, an RTDB tag). Add it before it
    /// registers with its store, so its first deliveries find it.
    func add(_ subscription: any SessionSubscription, id: Int64) {
        self.state.withLock { $0.subscriptions[id] = subscription }
    }

    /// Queues `bytes` (an event encoded by `encoder`) on the connection without waiting, or
    /// keeps them until the first event is written; cuts the session off if that is refused.
    func send(_ bytes: SharedBytes) {
        guard !bytes.isEmpty, !self.hasEnded else { return }
        let sent = self.state.withLock { state in self.queue(bytes, in: &state) }
        if !sent { self.finish(with: self.cutOff(behind: .events)) }
    }

    /// Sends `first` then `second` (a gRPC target's snapshot and the global snapshot after it)
    /// with one lock round trip; `second` is dropped when `first` is refused.
    func send(_ first: SharedBytes, _ second: SharedBytes) {
        guard !self.hasEnded else { return }
        let sent = self.state.withLock { state in
            (first.isEmpty || self.queue(first, in: &state)) && (second.isEmpty || self.queue(second, in: &state))
        }
        if !sent { self.finish(with: self.cutOff(behind: .events)) }
    }

    /// Queues non-empty `bytes` on the writer, or keeps them until the first event is written;
    /// false when that is refused. Called under the state's lock.
    private func queue(_ bytes: SharedBytes, in state: inout State) -> Bool {
        if let sent = state.writer?.send(bytes, backlog: self.capacity) { return sent }
        state.early.append(bytes)
        state.earlyBytes += bytes.count
        return state.early.count <= self.capacity && (state.early.count == 1 || state.earlyBytes <= self.bufferedBytes)
    }

    /// Encodes `event` and sends it.
    func send(_ event: SessionEvent) {
        self.send(SharedBytes(self.encoder.encode(event)))
    }

    /// Removes the subscription `id` (it lost access, or its change was undone): it leaves its
    /// store and its client gets `event`, if any. When it was the last one and the session ends
    /// with it, `event` is the session's final word. Does nothing if `id` is not held.
    func remove(_ id: Int64, with event: SessionEvent?) {
        let (removed, last) = self.state.withLock { state -> ((any SessionSubscription)?, Bool) in
            let removed = state.subscriptions.removeValue(forKey: id)
            return (removed, state.subscriptions.isEmpty && self.endsWithLastSubscription)
        }
        guard let removed else { return }
        removed.leave()
        let bytes = event.map { (removed.encoder ?? self.encoder).encode($0) } ?? []
        if last {
            self.finish(with: self.end(bytes))
        } else {
            self.send(SharedBytes(bytes))
        }
    }

    /// The response that streams this session, starting with `opening` (the first event, encoded).
    /// The body holds a lease on the subscriptions: dropped unrun (a `HEAD` request, a client
    /// gone in between), it makes them leave their stores.
    func response(headers: HTTPHeaders, opening: [UInt8]) -> Response {
        self.state.withLock { $0.opening = opening }
        let lease = SubscriptionLease { [self] in self.leaveAll() }
        return Response(headers: headers, body: .eventStream { writer in
            try await self.serve(writer, lease)
        })
    }

    /// Makes `writer` (a WebSocket's outbox) the session's connection at once, so what is sent
    /// from now on leaves in order with what its owner writes there directly (replies); call
    /// before ``serve(on:)``, which runs its control loop.
    func attach(_ writer: any ResponseBodyWriter) {
        self.goLive(writer)
    }

    /// Serves the session on a connection of its own (a WebSocket's outbox, a gRPC Listen call's
    /// writer: there is no opening event, subscriptions come and go) until ``stop()``, a cut-off
    /// or the connection's end; then every subscription leaves its store, as `response` does for
    /// an SSE body.
    ///
    /// `input`, when given, runs on the session's task for each ``Item/input`` pushed to
    /// ``control`` (the connection's requests arrived), so one task serves both directions.
    func serve(on writer: any ResponseBodyWriter, input: (() -> Void)? = nil) async throws {
        try await self.serve(writer, SubscriptionLease { [self] in self.leaveAll() }, input: input)
    }

    /// Ends ``serve(on:)`` (its connection ended); the subscriptions leave their stores.
    func stop() {
        self.control.close()
    }

    /// The session's body (`OpenStreams.serve`: the first event, then control items until the
    /// session ends), then leaving the stores.
    @inline(never)
    private func serve(_ writer: any ResponseBodyWriter, _ lease: SubscriptionLease, input: (() -> Void)? = nil) async throws {
        let expiry = self.startExpiryTimer()
        defer {
            self.ended.store(true, ordering: .relaxed)
            expiry?.cancel()
            lease.cancel()
        }
        try await self.streams.serve(
            writer, scope: self.scope, queue: self.control,
            first: { self.state.withLock { state in
                defer { state.opening = [] }
                return state.opening
            } },
            goLive: { self.goLive(writer) },
            handle: { self.handle($0 ?? .end(self.cutOff(behind: .keepAlives) ?? []), input: input) })
    }

    /// What to write for a control item, and whether the session ends with it; nil for nothing.
    @inline(never)
    private func handle(_ item: Item, input: (() -> Void)?) -> ([UInt8], last: Bool)? {
        switch item {
        case .end(let bytes):
            return (bytes, true)
        case .expired:
            return self.revoke(nil)
        case .input:
            input?()
            return nil
        case .recheck, .keepAlive:
            // An account's standing changes push a re-check too (`OpenStreams`).
            if let refusal = self.credential?.refusal(in: self) { return self.revoke(refusal) }
            self.recheckAll()
            // A subscription that lost access and was the last one ended the session: its
            // final event is queued, and the loop writes it next.
            if self.hasEnded { return nil }
            if case .keepAlive = item { return (self.encoder.encode(.keepAlive), false) }
            return nil
        }
    }

    /// Ends the session for its credential: expired (nil), or refused by the account store.
    private func revoke(_ refusal: IdentityError?) -> ([UInt8], last: Bool)? {
        guard let bytes = self.end(self.encoder.encode(.revoked(refusal))) else { return nil }
        return (bytes, true)
    }

    /// Re-checks every subscription's access and removes, with its event, each that lost it.
    private func recheckAll() {
        let held = self.state.withLock { $0.subscriptions }
        for (id, subscription) in held.sorted(by: { $0.key < $1.key }) {
            guard let event = subscription.recheck() else { continue }
            self.remove(id, with: event)
        }
    }

    /// After the first event: writes what arrived meanwhile, then lets deliveries write.
    private func goLive(_ writer: any ResponseBodyWriter) {
        let sent = self.state.withLock { state -> Bool in
            defer {
                state.writer = writer
                state.early = []
                state.earlyBytes = 0
            }
            return state.early.allSatisfy { writer.send($0, backlog: self.capacity) }
        }
        if !sent { self.finish(with: self.cutOff(behind: .events)) }
    }

    /// Hands the final bytes to the session's task, which writes them and ends (nil: it had ended).
    private func finish(with bytes: [UInt8]?) {
        guard let bytes else { return }
        self.control.push(.end(bytes))
        self.control.close()
    }

    /// Marks the session ended; returns `bytes` if this call ended it, nil if it had ended.
    private func end(_ bytes: [UInt8]?) -> [UInt8]? {
        guard let bytes else { return nil }
        return self.ended.exchange(true, ordering: .relaxed) ? nil : bytes
    }

    /// Ends the session for falling behind: every subscription leaves its store at once; returns
    /// their final words, or nil if the session had ended.
    @inline(never)
    private func cutOff(behind backlog: SessionBacklog) -> [UInt8]? {
        guard !self.ended.exchange(true, ordering: .relaxed) else { return nil }
        let held = self.state.withLock { state in
            defer { state.subscriptions = [:] }
            return state.subscriptions
        }
        var bytes: [UInt8] = []
        for (_, subscription) in held.sorted(by: { $0.key < $1.key }) {
            subscription.leave()
            if let event = subscription.cutOff(behind: backlog) { bytes += (subscription.encoder ?? self.encoder).encode(event) }
        }
        return bytes
    }

    /// Every subscription leaves its store (the session ended, or its response was dropped).
    private func leaveAll() {
        let held = self.state.withLock { state in
            defer { state.subscriptions = [:] }
            return state.subscriptions
        }
        for subscription in held.values { subscription.leave() }
    }

    /// Pushes `.expired` when the caller's credential expires.
    private func startExpiryTimer() -> Task<Void, Never>? {
        guard let expires = self.expires else { return nil }
        return Task { [control] in
            let delay = max(0, expires - WallClock.milliseconds())
            try? await Task.sleep(for: .milliseconds(delay))
            if !Task.isCancelled { control.push(.expired) }
        }
    }
}
