import HearthFirestore
import HearthHTTP
import Synchronization

/// One Firestore listen target held by a `StreamSession`: its registration in the store, the
/// rules check on every snapshot `ListenFanout` hands it, and what to tell a client that lost
/// access or fell behind. Over SSE (`response(resumingAfter:)`) it is its session's only
/// subscription, and the session ends with it.
///
/// Each snapshot leaves only once its commit is durable, and only after the rules are checked
/// again (access can be lost when a document changes or the rules change); losing access
/// removes the target with a PERMISSION_DENIED `error`. A session that falls behind (see
/// `StreamSession`) removes it with a RESOURCE_EXHAUSTED `error` naming the bounds. Cost: this
/// object and the store's registration; the bytes live in the session.
final class ListenStream: SessionSubscription {
    /// What wakes the session's task (kept under this name for the streams' registry).
    typealias Item = StreamSession.Item

    let call: FirestoreCall
    let target: ListenTarget
    let rules: FirestoreRulesRegistry
    let fanout: ListenFanout
    let capacity: Int
    /// Bytes of snapshots that may wait for the first one to be written.
    let bufferedBytes: Int
    /// Checks the caller may still see the target; throws PERMISSION_DENIED if not.
    let authorize: @Sendable (FirestoreCall) throws(FirestoreError) -> Void
    /// The session holding the target, and the target's id in it.
    let session: StreamSession
    let id: Int64
    private let left = Atomic(false)
    /// Set once registered, so a target that is removed leaves the store at once.
    private let registration = Mutex<ListenRegistration?>(nil)

    init(
        call: FirestoreCall, target: ListenTarget, rules: FirestoreRulesRegistry, streams: ListenStreams, fanout: ListenFanout,
        capacity: Int, bufferedBytes: Int, authorize: @escaping @Sendable (FirestoreCall) throws(FirestoreError) -> Void
    ) {
        self.bufferedBytes = bufferedBytes
        self.call = call
        self.target = target
        self.rules = rules
        self.fanout = fanout
        self.capacity = capacity
        self.authorize = authorize
        self.session = StreamSession(
            scope: call.database.project, encoder: SSEEncoder(.firestore), streams: streams, capacity: capacity, bufferedBytes: bufferedBytes)
        self.id = 0
    }

    /// Whether the target left (removed, or its session ended); its sink then refuses events.
    var hasEnded: Bool { self.left.load(ordering: .relaxed) }

    /// Registers the target (or resumes after `token`) in a session of its own and returns the
    /// SSE response that streams it.
    func response(resumingAfter token: Timestamp?) throws(FirestoreError) -> Response {
        self.session.add(self, id: self.id)
        let sink: @Sendable (ListenEvent) -> Bool = { [fanout] event in fanout.enqueue(event, for: self) }
        let opened: (snapshot: ListenSnapshot, registration: ListenRegistration)
        do throws(FirestoreError) {
            opened = try self.register(resumingAfter: token, sink: sink)
        } catch {
            // The session and this subscription refer to each other until it leaves.
            self.session.remove(self.id, with: nil)
            throw error
        }
        self.registration.withLock { $0 = opened.registration }
        let encoder = SSEEncoder(.firestore)
        return self.session.response(headers: encoder.headers, opening: encoder.encode(.snapshot(opened.snapshot, database: self.call.database)))
    }

    private func register(
        resumingAfter token: Timestamp?, sink: @escaping @Sendable (ListenEvent) -> Bool
    ) throws(FirestoreError) -> (snapshot: ListenSnapshot, registration: ListenRegistration) {
        if let token {
            let (snapshot, registration) = try self.call.store.resume(self.target, after: token, sink: sink)
            return (snapshot, registration)
        }
        let (snapshot, registration) = try self.call.store.listen(self.target, sink: sink)
        return (snapshot, registration)
    }

    /// Called by the fan-out for each durable snapshot, `bytes` its encoding for this session's
    /// encoder: checks the rules in force, then hands the bytes to the session, or removes the
    /// target with PERMISSION_DENIED.
    func deliver(_ bytes: SharedBytes, rules: RulesInForce?) {
        guard !self.hasEnded else { return }
        if let denial = self.denial(rules: rules) {
            self.session.remove(self.id, with: .error(denial))
            return
        }
        self.session.send(bytes)
    }

    func recheck() -> SessionEvent? {
        self.denial(rules: self.rules.rules(for: self.call.database.project)).map { .error($0) }
    }

    func cutOff(behind backlog: SessionBacklog) -> SessionEvent? {
        let reason = backlog == .events ? "snapshots" : "keep-alives"
        return .error(FirestoreError.resourceExhausted(
            "This listener fell behind by more than \(self.capacity) \(reason) or \(Self.describe(bytes: self.bufferedBytes)) of snapshots its client had not read, so Hearth closed it to protect the server; reconnect with Last-Event-ID to resume."))
    }

    func leave() {
        self.left.store(true, ordering: .relaxed)
        if let registration = self.registration.withLock({ $0.take() }) { self.call.store.cancel(registration) }
    }

    /// `1 MiB`, `64 KiB` or `1000 bytes`, for the cut-off message.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// PERMISSION_DENIED if `rules` (those in force now) deny the caller the target, else nil.
    /// Without rules, or for the owner, there is nothing to check.
    @inline(never)
    private func denial(rules: RulesInForce?) -> FirestoreError? {
        guard let rules, self.call.identity != .owner else { return nil }
        let current = self.call.judged(by: rules)
        do {
            try self.authorize(current)
            return nil
        } catch {
            return error
        }
    }
}
