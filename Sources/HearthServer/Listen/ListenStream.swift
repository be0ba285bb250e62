import HearthFirestore
import HearthHTTP
import Synchronization

/// One Firestore listen target held by a `StreamSession`: its registration in the store, the
/// rules check on every snapshot `ListenFanout` hands it, and what to tell a client that lost
/// access or fell behind. Over SSE (`response()`) it is its session's only
/// subscription, and the session ends with it; over gRPC (`open()`) it is one of a `Listen`
/// call's targets, with its own encoder (the target id is in every message) and the call's
/// `ListenOutlet` between it and the session.
///
/// Each snapshot leaves only once its commit is durable, and only after the rules are checked
/// again (access can be lost when a document changes or the rules change); losing access
/// removes the target with a PERMISSION_DENIED `error`. A session that falls behind (see
/// `StreamSession`) removes it with a RESOURCE_EXHAUSTED `error` naming the bounds. Cost: this
/// object and the store's registration; the bytes live in the session.
final class ListenStream: SessionSubscription {
    /// What wakes the session's task (kept under this name for the streams' registry).
    typealias Item = StreamSession.Item

    /// The listen the service allowed: its call, its target, and how to judge the caller again.
    let grant: ListenGrant
    var call: FirestoreCall { self.grant.call }
    let rules: FirestoreRulesRegistry
    let fanout: ListenFanout
    let capacity: Int
    /// Bytes of snapshots that may wait for the first one to be written.
    let bufferedBytes: Int
    /// The session holding the target, and the target's id in it.
    let session: StreamSession
    let id: Int64
    /// The encoder of this target's messages: its own when its session speaks for many targets
    /// (gRPC: the target id is in every message), else its session's. Stored, not chosen per
    /// delivery: `encoder ?? session.encoder` copied an existential (a value-witness copy and
    /// destroy) per stream per commit.
    let encoding: any SessionEncoder
    private let ownsEncoder: Bool
    /// The target's own encoder, nil when it uses its session's (``SessionSubscription``).
    var encoder: (any SessionEncoder)? { self.ownsEncoder ? self.encoding : nil }
    /// The `sharingKey` of the encoder in use, kept here so that the fan-out reads a string (a
    /// short one is inline) instead of copying an encoder existential per stream per commit.
    let sharingKey: String
    /// Where snapshots go instead of straight to the session (gRPC: the stream's target table,
    /// which keeps them behind the target's opening and adds the global snapshot); nil: the session.
    let outlet: (any ListenOutlet)?
    private let left = Atomic(false)
    /// Set once registered, so a target that is removed leaves the store at once.
    private let registration = Mutex<ListenRegistration?>(nil)

    /// A target streamed over SSE, alone in its session; `credential` (the caller's ID token's
    /// user) is asked about again when an account's standing changes: refused, the stream ends
    /// with an UNAUTHENTICATED `error`.
    init(
        grant: ListenGrant, rules: FirestoreRulesRegistry, streams: ListenStreams, fanout: ListenFanout,
        capacity: Int, bufferedBytes: Int, credential: AccountCredential? = nil
    ) {
        self.bufferedBytes = bufferedBytes
        self.grant = grant
        self.rules = rules
        self.fanout = fanout
        self.capacity = capacity
        self.session = StreamSession(
            scope: grant.call.database.project, encoder: SSEEncoder(.firestore), streams: streams, capacity: capacity, bufferedBytes: bufferedBytes,
            credential: credential)
        self.id = 0
        self.encoding = self.session.encoder
        self.ownsEncoder = false
        self.sharingKey = self.session.encoder.sharingKey
        self.outlet = nil
    }

    /// A target held by a session with many (a gRPC `Listen` stream): `id` is the client's
    /// target id, `encoder` its own, `outlet` where its snapshots go. Open it with `open()`.
    init(
        grant: ListenGrant, rules: FirestoreRulesRegistry, fanout: ListenFanout, session: StreamSession, id: Int64,
        encoder: any SessionEncoder, outlet: any ListenOutlet
    ) {
        self.grant = grant
        self.rules = rules
        self.fanout = fanout
        self.capacity = session.capacity
        self.bufferedBytes = session.bufferedBytes
        self.session = session
        self.id = id
        self.encoding = encoder
        self.ownsEncoder = true
        self.sharingKey = encoder.sharingKey
        self.outlet = outlet
    }

    /// Adds the target to its session and registers it (or resumes after the grant's token);
    /// returns its first snapshot, which the caller sends before any later one (the outlet
    /// holds those back until then).
    func open() throws(FirestoreError) -> ListenSnapshot {
        self.session.add(self, id: self.id)
        let sink: @Sendable (ListenEvent) -> Bool = { [fanout] event in fanout.enqueue(event, for: self) }
        do throws(FirestoreError) {
            let opened = try self.grant.subscribe(sink: sink)
            self.registration.withLock { $0 = opened.registration }
            return opened.first
        } catch {
            self.session.remove(self.id, with: nil)
            throw error
        }
    }

    /// Whether the target left (removed, or its session ended); its sink then refuses events.
    var hasEnded: Bool { self.left.load(ordering: .relaxed) }

    /// Registers the target (or resumes after the grant's token) in a session of its own and
    /// returns the SSE response that streams it.
    func response() throws(FirestoreError) -> Response {
        self.session.add(self, id: self.id)
        let sink: @Sendable (ListenEvent) -> Bool = { [fanout] event in fanout.enqueue(event, for: self) }
        let opened: (first: ListenSnapshot, registration: ListenRegistration)
        do throws(FirestoreError) {
            opened = try self.grant.subscribe(sink: sink)
        } catch {
            // The session and this subscription refer to each other until it leaves.
            self.session.remove(self.id, with: nil)
            throw error
        }
        self.registration.withLock { $0 = opened.registration }
        let encoder = SSEEncoder(.firestore)
        return self.session.response(headers: encoder.headers, opening: encoder.encode(.snapshot(opened.first, database: self.call.database)))
    }

    /// Called by the fan-out for each durable snapshot, `bytes` its encoding for this session's
    /// encoder: checks the rules in force, then hands the bytes to the session, or removes the
    /// target with PERMISSION_DENIED.
    func deliver(_ bytes: SharedBytes, readTime: Timestamp, rules: RulesInForce?) {
        guard !self.hasEnded else { return }
        if let denial = self.denial(rules: rules) {
            self.session.remove(self.id, with: .error(denial))
            return
        }
        if let outlet = self.outlet {
            outlet.deliver(bytes, readTime: readTime, target: self.id)
        } else {
            self.session.send(bytes)
        }
    }

    func recheck() -> SessionEvent? {
        self.denial(rules: self.rules.rules(for: self.call.database.project)).map { .error($0) }
    }

    func cutOff(behind backlog: SessionBacklog) -> SessionEvent? {
        let reason = backlog == .events ? "snapshots" : "keep-alives"
        let resume = self.outlet == nil ? "reconnect with Last-Event-ID to resume" : "the client reconnects and resumes"
        return .error(FirestoreError.resourceExhausted(
            "This listener fell behind by more than \(self.capacity) \(reason) or \(Self.describe(bytes: self.bufferedBytes)) of snapshots its client had not read, so Hearth closed it to protect the server; \(resume)."))
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
            try self.grant.authorize(current)
            return nil
        } catch {
            return error
        }
    }
}
