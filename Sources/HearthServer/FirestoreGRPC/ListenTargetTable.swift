import HearthFirestore
import HearthHTTP

/// The targets of one gRPC `Listen` stream and the order their messages leave in: a pure
/// state machine (`ListenCall` holds it under a lock and sends what it answers), tested without
/// sockets (`ListenTargetTableTests`).
///
/// Two guarantees the SDKs depend on (`streams.md` §2.3):
/// - A target's first snapshot goes before any later one: deliveries that arrive while it is
///   opening (its registration and its first snapshot are made under the store's lock, but
///   the fan-out may deliver the next commit before the opening is sent) wait here, then
///   follow the opening in order. They are few: commits made during one registration.
/// - The global snapshot (`NO_CHANGE`, no target ids, a read time) follows every delivery and
///   its read time never goes back: it is the latest read time sent on the stream, so a
///   target opened at a later read time than a commit still in flight for another target does
///   not make the stream's snapshots go backwards.
///
/// Target ids are the client's: 0 asks the server to choose one (it answers it in the ADD),
/// negative ids and ids in use are refused.
struct ListenTargetTable: Sendable {
    /// What to send, in order.
    enum Outgoing: Sendable {
        case bytes(SharedBytes)
        /// A global snapshot at this (already monotonic) read time.
        case globalSnapshot(Timestamp)
    }

    private enum Phase: Sendable {
        case opening(parked: [(bytes: SharedBytes, readTime: Timestamp)])
        case open
    }

    private var targets: [Int32: Phase] = [:]
    private(set) var lastReadTime: Timestamp?
    private var nextAssigned: Int32 = 1 << 28

    init() {}

    var count: Int { self.targets.count }

    func holds(_ id: Int32) -> Bool { self.targets[id] != nil }

    /// Reserves `requested` (or a free id when 0) for a target being opened.
    /// - Throws: INVALID_ARGUMENT for a negative id or one in use on this stream.
    mutating func add(_ requested: Int32) throws(FirestoreError) -> Int32 {
        guard requested >= 0 else {
            throw .invalidArgument("target_id \(requested) is negative; use a positive id, or 0 to let the server choose one.")
        }
        var id = requested
        if id == 0 {
            while self.targets[self.nextAssigned] != nil { self.nextAssigned &+= 1 }
            id = self.nextAssigned
            self.nextAssigned &+= 1
        }
        guard self.targets[id] == nil else {
            throw .invalidArgument("target_id \(id) is already in use on this stream; remove it first or choose another id.")
        }
        self.targets[id] = .opening(parked: [])
        return id
    }

    /// Forgets `id` (removed by the client, refused, or removed for an error). Returns whether
    /// it was held.
    @discardableResult
    mutating func remove(_ id: Int32) -> Bool {
        self.targets.removeValue(forKey: id) != nil
    }

    /// The target's opening is ready: it, the global snapshot, then whatever was parked.
    mutating func opened(_ id: Int32, opening: SharedBytes, readTime: Timestamp) -> [Outgoing] {
        guard case .opening(let parked) = self.targets[id] else { return [] }
        self.targets[id] = .open
        var outgoing = [Outgoing.bytes(opening), self.global(readTime)]
        for delivery in parked {
            outgoing.append(.bytes(delivery.bytes))
            outgoing.append(self.global(delivery.readTime))
        }
        return outgoing
    }

    /// A snapshot of target `id`: sent with a global snapshot when the target is open, parked
    /// while it opens, dropped when the target is gone.
    mutating func deliver(_ bytes: SharedBytes, readTime: Timestamp, target id: Int32) -> [Outgoing] {
        guard let global = self.admit(bytes, readTime: readTime, target: id) else { return [] }
        return [.bytes(bytes), .globalSnapshot(global)]
    }

    /// `deliver` without building its answer, for the fan-out's path (one call per stream per
    /// commit): the read time of the global snapshot to send after `bytes` when the target is
    /// open; nil when the delivery was parked (the target opens) or dropped (it is gone).
    mutating func admit(_ bytes: SharedBytes, readTime: Timestamp, target id: Int32) -> Timestamp? {
        switch self.targets[id] {
        case .none:
            return nil
        case .opening(var parked):
            parked.append((bytes, readTime))
            self.targets[id] = .opening(parked: parked)
            return nil
        case .open:
            return self.advance(to: readTime)
        }
    }

    /// The global snapshot for a delivery at `readTime`: never earlier than one already sent.
    private mutating func global(_ readTime: Timestamp) -> Outgoing {
        .globalSnapshot(self.advance(to: readTime))
    }

    /// The stream's latest read time after a delivery at `readTime`.
    private mutating func advance(to readTime: Timestamp) -> Timestamp {
        let time = max(readTime, self.lastReadTime ?? readTime)
        self.lastReadTime = time
        return time
    }
}
