import HearthFirestore
import HearthHTTP
import Synchronization

/// One client's listen stream: its registration in the store, the snapshots `ListenFanout`
/// hands it, and the stream's own task, which writes the first snapshot and then only wakes
/// for keep-alives, rules changes and the stream's end.
///
/// Writers never wait for it: the store's sink only appends to the fan-out's list, and the
/// fan-out queues each snapshot on the connection without waiting (`ResponseBodyWriter.send`).
/// A reader that falls `capacity` snapshots behind (its connection not writable meanwhile), or
/// whose unsent snapshots would exceed the transport's per-stream byte bound, is cut off: it
/// leaves the store at once, what it held is dropped, and it gets a final RESOURCE_EXHAUSTED
/// `error` event after what it was already sent; the transport then closes the connection as
/// soon as that has left, or after a short grace if the client does not read it. Each snapshot leaves only once its commit is
/// durable, and only after the rules are checked again (access can be lost when a document
/// changes or the rules change); losing access ends the stream with PERMISSION_DENIED. The
/// keep-alives that `ListenStreams` sends also re-check the rules and notice clients that
/// vanished without closing; a client that closes its connection is noticed at once by the
/// transport (`onStop`).
///
/// Snapshots that arrive before the first one has been written wait in `State.early`, so the
/// client always sees the initial snapshot first and every later one in commit order.
final class ListenStream: Sendable {
    /// What wakes the stream's own task.
    enum Item: Sendable {
        case recheck
        case keepAlive
        /// The stream was cut off or lost access: write these final bytes and end.
        case end([UInt8])
    }

    private struct State: Sendable {
        /// The first snapshot's bytes until they are written. Kept here, not in the body
        /// closure, which lives as long as the stream: a large first snapshot is released once sent.
        var opening: [UInt8] = []
        var writer: (any ResponseBodyWriter)?
        /// Encoded snapshots delivered before the first one was written, and their size.
        var early: [SharedBytes] = []
        var earlyBytes = 0
    }

    /// The listen the service allowed: its call, its target, and how to judge the caller again.
    let grant: ListenGrant
    var call: FirestoreCall { self.grant.call }
    let rules: FirestoreRulesRegistry
    let streams: ListenStreams
    let fanout: ListenFanout
    let capacity: Int
    /// Bytes of snapshots that may wait for the first one to be written.
    let bufferedBytes: Int
    /// Wakes the stream's task; closed once the stream ends, so keep-alives are refused then.
    let control: EventQueue<Item>
    private let state = Mutex(State())
    private let ended = Atomic(false)
    /// Set once registered, so a stream that is cut off leaves the store at once.
    private let registration = Mutex<ListenRegistration?>(nil)

    init(
        grant: ListenGrant, rules: FirestoreRulesRegistry, streams: ListenStreams, fanout: ListenFanout,
        capacity: Int, bufferedBytes: Int
    ) {
        self.bufferedBytes = bufferedBytes
        self.grant = grant
        self.rules = rules
        self.streams = streams
        self.fanout = fanout
        self.capacity = capacity
        self.control = EventQueue(capacity: capacity)
    }

    /// Whether the stream was cut off, lost access or finished; its sink then refuses events.
    var hasEnded: Bool { self.ended.load(ordering: .relaxed) }

    /// Registers the target (or resumes after the grant's token) and returns the response that
    /// streams it.
    func response() throws(FirestoreError) -> Response {
        let (first, registration) = try self.grant.subscribe { [fanout] event in fanout.enqueue(event, for: self) }
        self.registration.withLock { $0 = registration }
        let lease = SubscriptionLease { [store = self.call.store] in store.cancel(registration) }
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no",
        ]
        let opening = ListenCodec.event(first, in: self.call.database).encoded
        self.state.withLock { $0.opening = opening }
        return Response(headers: headers, body: .eventStream { writer in
            try await self.stream(lease, writer)
        })
    }

    /// The stream's body (`OpenStreams.serve`: the first snapshot, then control items until the
    /// stream ends), then leaving the store.
    @inline(never)
    private func stream(_ lease: SubscriptionLease, _ writer: any ResponseBodyWriter) async throws {
        defer {
            self.ended.store(true, ordering: .relaxed)
            lease.cancel()
        }
        try await self.streams.serve(
            writer, scope: self.call.database.project, queue: self.control,
            first: { self.state.withLock { state in
                defer { state.opening = [] }
                return state.opening
            } },
            goLive: { self.goLive(writer) },
            handle: { self.handle($0 ?? .end(self.cutOff(reason: "keep-alives") ?? [])) })
    }

    /// What to write for a control item, and whether the stream ends with it; nil for nothing.
    @inline(never)
    private func handle(_ item: Item) -> ([UInt8], last: Bool)? {
        switch item {
        case .end(let bytes):
            return (bytes, true)
        case .recheck, .keepAlive:
            if let denial = self.end(self.denial(rules: self.rules.rules(for: self.call.database.project))) {
                return (denial, true)
            }
            if case .keepAlive = item { return (Self.keepAliveComment, false) }
            return nil
        }
    }

    private static let keepAliveComment = ServerSentEvent.comment("keep-alive")

    /// Called by the fan-out for each durable snapshot: checks the rules, then queues the
    /// snapshot's shared encoding on the connection without waiting (or keeps it for after the
    /// first snapshot). Ends the stream, waking its task with the final event, when access is lost
    /// or the client is `capacity` snapshots behind.
    func deliver(_ bytes: SharedBytes, rules: RulesInForce?) {
        guard !self.hasEnded else { return }
        if let denial = self.denial(rules: rules) {
            self.finish(with: self.end(denial))
            return
        }
        let sent = self.state.withLock { state -> Bool in
            guard let writer = state.writer else {
                state.early.append(bytes)
                state.earlyBytes += bytes.count
                return state.early.count <= self.capacity && (state.early.count == 1 || state.earlyBytes <= self.bufferedBytes)
            }
            return writer.send(bytes, backlog: self.capacity)
        }
        if !sent { self.finish(with: self.cutOff(reason: "snapshots")) }
    }

    /// After the first snapshot: writes what arrived meanwhile, then lets the fan-out write.
    private func goLive(_ writer: any ResponseBodyWriter) {
        let sent = self.state.withLock { state -> Bool in
            defer {
                state.writer = writer
                state.early = []
                state.earlyBytes = 0
            }
            return state.early.allSatisfy { writer.send($0, backlog: self.capacity) }
        }
        if !sent { self.finish(with: self.cutOff(reason: "snapshots")) }
    }

    /// Leaves the store at once (never called under its lock: from the fan-out's task or the
    /// stream's own) and hands the final bytes to the stream's task (nil: it had ended).
    private func finish(with bytes: [UInt8]?) {
        guard let bytes else { return }
        if let registration = self.registration.withLock({ $0 }) { self.call.store.cancel(registration) }
        self.control.push(.end(bytes))
        self.control.close()
    }

    /// Marks the stream ended; returns `bytes` if this call ended it, nil if it had ended.
    private func end(_ bytes: [UInt8]?) -> [UInt8]? {
        guard let bytes else { return nil }
        return self.ended.exchange(true, ordering: .relaxed) ? nil : bytes
    }

    /// Ends the stream for falling behind; the final `error` event, or nil if already ended.
    @inline(never)
    private func cutOff(reason: String) -> [UInt8]? {
        let error = FirestoreError.resourceExhausted(
            "This listener fell behind by more than \(self.capacity) \(reason) or \(Self.describe(bytes: self.bufferedBytes)) of snapshots its client had not read, so Hearth closed it to protect the server; reconnect with Last-Event-ID to resume.")
        return self.end(ListenCodec.error(error).encoded)
    }

    /// `1 MiB`, `64 KiB` or `1000 bytes`, for the cut-off message.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// The final `error` event if `rules` (those in force now) deny the caller the target,
    /// else nil. Without rules, or for the owner, there is nothing to check.
    @inline(never)
    private func denial(rules: RulesInForce?) -> [UInt8]? {
        guard let rules, self.call.identity != .owner else { return nil }
        let current = self.call.judged(by: rules)
        do {
            try self.grant.authorize(current)
            return nil
        } catch {
            return ListenCodec.error(error).encoded
        }
    }
}
