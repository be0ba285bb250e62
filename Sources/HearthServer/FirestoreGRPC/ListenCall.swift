import HearthFirestore
import HearthFirestoreProto
import HearthHTTP
import Synchronization

/// One gRPC `Listen` stream: one realtime session (`StreamSession`, one byte bound, rules
/// re-checked on every delivery, keep-alive and rules change) holding one `ListenStream` per
/// target the client added, and the `ListenTargetTable` that orders what leaves.
///
/// `add` and `remove` run on the task reading the client's requests; deliveries come from the
/// fan-out's task (`deliver`, as the targets' `ListenOutlet`). Both send through one lock, so
/// the messages of a target and the global snapshots after them leave in the order the table
/// decided. Sending never waits (`StreamSession.send` queues on the call's
/// `HTTP2StreamBody`, drained by the event loop).
///
/// Every add gets exactly one answer: `ADD` then the opening (documents, `CURRENT`, the global
/// snapshot), sent once the target is registered (microseconds after the request), or `REMOVE`
/// with a cause when the service refuses the target (bad query, rules deny it:
/// PERMISSION_DENIED). Every remove gets `REMOVE`.
final class ListenCall: ListenOutlet {
    let service: FirestoreService
    let rules: FirestoreRulesRegistry
    let fanout: ListenFanout
    /// The global snapshot's shared encoding (one per commit for every stream).
    let globalSnapshots: ListenGlobalSnapshots
    let session: StreamSession
    let call: FirestoreGRPCCall
    private let table = Mutex(ListenTargetTable())
    /// The targets by id, so an id the session dropped (rules denial) can be reused.
    private let targets = Mutex<[Int32: ListenStream]>([:])

    init(
        service: FirestoreService, rules: FirestoreRulesRegistry, fanout: ListenFanout, globalSnapshots: ListenGlobalSnapshots,
        session: StreamSession, call: FirestoreGRPCCall
    ) {
        self.service = service
        self.rules = rules
        self.fanout = fanout
        self.globalSnapshots = globalSnapshots
        self.session = session
        self.call = call
    }

    /// Handles one request of the client: add or remove a target.
    /// - Throws: INVALID_ARGUMENT when the request is neither, or reuses a target id in use:
    ///   the stream ends with it.
    ///
    /// Not inlined: called from the request reader's task, whose async frame (kept while the
    /// call is idle) would otherwise hold room for everything an add makes on the way.
    @inline(never)
    func handle(_ request: Google_Firestore_V1_ListenRequest) throws(FirestoreError) {
        switch request.targetChange {
        case .addTarget(let target)?: try self.add(target)
        case .removeTarget(let id)?: self.remove(id)
        case nil: return
        }
    }

    private func add(_ target: Google_Firestore_V1_Target) throws(FirestoreError) {
        if let stale = self.targets.withLock({ $0[target.targetID] }), stale.hasEnded {
            self.forget(target.targetID)
        }
        let id = try self.table.withLock { table throws(FirestoreError) in try table.add(target.targetID) }
        let encoder = ListenResponseEncoder(targetID: id, documentTarget: Self.isDocumentTarget(target))
        let stream: ListenStream
        let first: ListenSnapshot
        do throws(FirestoreError) {
            let request = try ProtoListenTarget.decode(target, self.call)
            let grant = try self.service.listen(request, caller: self.call.caller)
            stream = ListenStream(
                grant: grant, rules: self.rules, fanout: self.fanout, session: self.session, id: Int64(id), encoder: encoder, outlet: self)
            self.targets.withLock { $0[id] = stream }
            first = try stream.open()
        } catch {
            self.forget(id)
            self.send(encoder.encode(.error(error)))
            return
        }
        // The ADD goes out with the opening, as one piece: the queue takes a piece of any size
        // when it holds nothing beyond its bound, so a large first snapshot is never refused.
        let opening = SharedBytes(
            ListenResponseEncoder.ack(.add, id) + encoder.opening(first, in: stream.call.database, resumed: stream.grant.request.resumeToken != nil))
        self.table.withLock { table in
            self.send(table.opened(id, opening: opening, readTime: first.readTime), combined: true)
        }
        if target.once { self.remove(id) }
    }

    private static func isDocumentTarget(_ target: Google_Firestore_V1_Target) -> Bool {
        if case .documents? = target.targetType { return true }
        return false
    }

    private func remove(_ id: Int32) {
        let stream = self.forget(id)
        if let stream { self.session.remove(stream.id, with: nil) }
        self.send(ListenResponseEncoder.ack(.remove, id))
    }

    @discardableResult
    private func forget(_ id: Int32) -> ListenStream? {
        self.table.withLock { _ = $0.remove(id) }
        return self.targets.withLock { $0.removeValue(forKey: id) }
    }

    /// Forgets every target once the call is over: they refer to this call (their outlet), so
    /// this breaks the cycle; each leaves its store (again: a target added while the session
    /// was ending would otherwise stay registered).
    func close() {
        self.table.withLock { $0 = ListenTargetTable() }
        let streams = self.targets.withLock { targets in
            defer { targets = [:] }
            return targets
        }
        for stream in streams.values { stream.leave() }
    }

    /// One target's snapshot from the fan-out: its shared bytes, then the shared global snapshot,
    /// queued with one session lock (sent under the table's lock, to keep its order).
    func deliver(_ bytes: SharedBytes, readTime: Timestamp, target: Int64) {
        self.table.withLock { table in
            guard let time = table.admit(bytes, readTime: readTime, target: Int32(truncatingIfNeeded: target)) else { return }
            self.session.send(bytes, self.globalSnapshots.bytes(at: time))
        }
    }

    /// Sends what the table answered (called under the table's lock, to keep its order):
    /// piece by piece, so a delivery's shared encoding is queued as it is, or `combined` into
    /// one piece (an opening: the session takes a first piece of any size whole).
    private func send(_ outgoing: [ListenTargetTable.Outgoing], combined: Bool = false) {
        var joined: [UInt8] = []
        for item in outgoing {
            switch item {
            case .bytes(let bytes) where combined: joined += bytes.bytes
            case .bytes(let bytes): self.session.send(bytes)
            case .globalSnapshot(let time) where combined: joined += ListenResponseEncoder.globalSnapshot(at: time)
            case .globalSnapshot(let time): self.session.send(self.globalSnapshots.bytes(at: time))
            }
        }
        if combined { self.send(joined) }
    }

    private func send(_ bytes: [UInt8]) {
        self.session.send(SharedBytes(bytes))
    }
}
