import HearthFirestore
import HearthHTTP
import Synchronization

/// The last security-rules evaluations of both products, in memory and bounded in bytes: the
/// feed behind `GET /emulator/v1/requests` (JSON, or live over SSE) and the UI's Requests view.
///
/// Why it exists: a developer asking "why was this denied?" wants the evaluation, its caller
/// and the rule lines, not a log file. The emulator suite keeps the same feed for Firestore
/// only (its `/requests` WebSocket); this one also has the Realtime Database's.
///
/// Bounds: the entries and the rules sources they refer to (each source counted once) hold at
/// most `capacity` bytes as ``RulesEvaluation/cost`` counts them; recording past it drops the
/// oldest entries. A live subscriber holds at most ``subscriberCapacity`` events waiting for
/// its client (each at most about 12 KiB): one that falls further behind is cut off.
///
/// Cost: recording takes one uncontended lock, compares the source with the few sources in
/// use (string identity first), and pushes to each subscriber's queue without waiting; it
/// runs under a store's lock for writes (the commit reviewer), so it never waits on anything.
final class RulesEvaluationLog: Sendable {
    /// What a live subscriber receives, in order: a source before the first entry judged by it.
    enum Event: Sendable {
        case rules(RulesSource)
        case evaluation(RulesEvaluation)
    }

    /// Everything the log holds, oldest entry first, and the sources those entries refer to.
    struct Snapshot: Sendable {
        var sources: [RulesSource]
        var evaluations: [RulesEvaluation]
    }

    /// What one record carries before the log numbers it.
    struct Record: Sendable {
        var product: RulesEvaluation.Product
        var method: String
        var path: String
        var scope: String
        var caller: String
        var outcome: RulesEvaluation.Outcome
        var explanation: String
        var lines: [RulesEvaluation.Line]
        var origin: String
        var source: String
    }

    private struct Slot {
        var source: RulesSource
        var references: Int
    }

    private struct State {
        /// Oldest first from `head`; the prefix before `head` is dropped when it grows large.
        var entries: [RulesEvaluation] = []
        var head = 0
        var bytes = 0
        var nextID: Int64 = 1
        var nextSourceID: Int64 = 1
        var sources: [Slot] = []
        var subscribers: [Int: EventQueue<Event>] = [:]
        var nextSubscriber = 0
    }

    /// 4 MiB by default: several thousand typical evaluations.
    static let defaultCapacity = 4 << 20
    static let subscriberCapacity = 256

    let capacity: Int
    /// Wall-clock microseconds since the epoch, the time each entry gets.
    private let now: @Sendable () -> Int64
    private let state = Mutex(State())

    init(capacity: Int = RulesEvaluationLog.defaultCapacity, now: @escaping @Sendable () -> Int64 = RulesEvaluationLog.wallClock) {
        self.capacity = capacity
        self.now = now
    }

    /// Microseconds since the epoch, as Firestore's timestamps count them.
    @Sendable static func wallClock() -> Int64 {
        let now = Timestamp.now()
        return now.seconds * 1_000_000 + Int64(now.nanos) / 1000
    }

    /// Bytes the log holds now (entries and the sources they use).
    var bytes: Int { self.state.withLock { $0.bytes } }

    /// Numbers `record`, keeps it (dropping the oldest entries past the budget) and hands it to
    /// every live subscriber. An entry larger than the whole budget is still kept alone.
    func record(_ record: Record) {
        let lines =
            record.lines.count <= RulesEvaluation.maxLines && record.lines.allSatisfy({ $0.detail.utf8.count <= RulesEvaluation.maxTextBytes })
            ? record.lines
            : record.lines.prefix(RulesEvaluation.maxLines).map { line in
                RulesEvaluation.Line(line: line.line, column: line.column, outcome: line.outcome, detail: RulesEvaluation.bounded(line.detail))
            }
        let time = self.now()
        self.state.withLock { state in
            var fresh = false
            let source: RulesSource
            if let index = state.sources.firstIndex(where: { $0.source.origin == record.origin && $0.source.text == record.source }) {
                state.sources[index].references += 1
                source = state.sources[index].source
            } else {
                source = RulesSource(id: state.nextSourceID, origin: record.origin, text: record.source)
                state.nextSourceID += 1
                state.sources.append(Slot(source: source, references: 1))
                state.bytes += 64 + record.source.utf8.count + record.origin.utf8.count
                fresh = true
            }
            let entry = RulesEvaluation(
                id: state.nextID, time: time, product: record.product, method: RulesEvaluation.bounded(record.method),
                path: RulesEvaluation.bounded(record.path), scope: RulesEvaluation.bounded(record.scope),
                caller: RulesEvaluation.bounded(record.caller), outcome: record.outcome,
                explanation: RulesEvaluation.bounded(record.explanation), lines: lines, rules: source)
            state.nextID += 1
            state.entries.append(entry)
            state.bytes += entry.cost
            while state.bytes > self.capacity, state.entries.count - state.head > 1 {
                Self.dropOldest(&state)
            }
            for (key, queue) in state.subscribers {
                let delivered = (!fresh || queue.push(.rules(source))) && queue.push(.evaluation(entry))
                if !delivered { state.subscribers[key] = nil }
            }
        }
    }

    /// Everything held now.
    func snapshot() -> Snapshot {
        self.state.withLock { Self.snapshot(of: $0) }
    }

    /// What is held now and a queue that gets every later event, atomically (nothing is seen
    /// twice or missed). The queue is closed when its reader falls ``subscriberCapacity``
    /// events behind; pass the key to ``unsubscribe(_:)`` when done.
    func subscribe() -> (snapshot: Snapshot, events: EventQueue<Event>, key: Int) {
        let queue = EventQueue<Event>(capacity: Self.subscriberCapacity)
        return self.state.withLock { state in
            let key = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[key] = queue
            return (Self.snapshot(of: state), queue, key)
        }
    }

    func unsubscribe(_ key: Int) {
        let queue = self.state.withLock { $0.subscribers.removeValue(forKey: key) }
        queue?.close()
    }

    /// Live subscribers (tests check that a closed stream leaves).
    var subscriberCount: Int { self.state.withLock { $0.subscribers.count } }

    private static func snapshot(of state: State) -> Snapshot {
        Snapshot(sources: state.sources.map(\.source), evaluations: Array(state.entries[state.head...]))
    }

    private static func dropOldest(_ state: inout State) {
        let oldest = state.entries[state.head]
        state.head += 1
        state.bytes -= oldest.cost
        if let index = state.sources.firstIndex(where: { $0.source === oldest.rules }) {
            state.sources[index].references -= 1
            if state.sources[index].references == 0 {
                let source = state.sources.remove(at: index).source
                state.bytes -= 64 + source.text.utf8.count + source.origin.utf8.count
            }
        }
        // Amortized O(1): the dropped prefix is removed once it is as long as what is kept.
        if state.head > 1024, state.head * 2 > state.entries.count {
            state.entries.removeFirst(state.head)
            state.head = 0
        }
    }
}
