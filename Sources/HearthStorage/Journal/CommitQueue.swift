import Dispatch
import Synchronization

/// The hand-off between callers (any thread or task) and the single commit writer thread.
///
/// Callers append batches with ``enqueue(_:)`` (a mutex hold of a few hundred nanoseconds, never
/// I/O). The writer takes *everything* queued at once with ``takeWork()``, commits it in one
/// transaction, and reports each batch's outcome with ``settle(_:)``, which resumes the waiters.
///
/// Concurrency: all mutable state lives in one `Mutex`; continuations are resumed after the lock
/// is released. The writer sleeps on a semaphore that is signalled exactly once per sleep (the
/// `writerIsIdle` flag is flipped under the lock by whoever wakes it), so no wake-up is lost or doubled.
final class CommitQueue: Sendable {
    /// A batch waiting for the writer.
    struct PendingBatch: Sendable {
        let sequence: UInt64
        let batch: StorageBatch
        /// The batch this one was computed from (see ``DurableStore/enqueue(_:after:)``).
        let after: UInt64?
    }

    /// What the writer should do next.
    enum Work: Sendable {
        case commit([PendingBatch])
        case exit
    }

    typealias Waiter = CheckedContinuation<Result<Void, StorageError>, Never>

    private struct State {
        var pending: [PendingBatch] = []
        var pendingOperations = 0
        var nextSequence: UInt64 = 1
        /// Every batch with `sequence <= settledThrough` has its final outcome.
        var settledThrough: UInt64 = 0
        /// Outcomes of failed batches (bounded; see ``FailureLog``). Successful batches are not
        /// recorded: a settled sequence absent from here succeeded.
        var failures = FailureLog()
        var waiters: [UInt64: [Waiter]] = [:]
        var writerIsIdle = false
        var isClosing = false
        var statistics = StorageStatistics()
    }

    /// Above this many queued operations, the writer leaves the rest for the next transaction, which
    /// bounds a transaction's WAL growth and the latency of the batches in it.
    private let maximumOperationsPerTransaction: Int
    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    init(maximumOperationsPerTransaction: Int = 50_000) {
        self.maximumOperationsPerTransaction = maximumOperationsPerTransaction
    }

    /// Queues a batch and returns its ticket. O(1) amortized; never blocks on I/O. After
    /// ``beginClosing()``, the ticket is settled at once with a `.closed` error.
    func enqueue(_ batch: StorageBatch, after: StorageTicket?) -> StorageTicket {
        let (ticket, wake) = self.state.withLock { state -> (StorageTicket, Bool) in
            let sequence = state.nextSequence
            state.nextSequence += 1
            if state.isClosing {
                // Recorded as failed but not marked settled: earlier batches may still be draining.
                state.failures.record(sequence, StorageError(
                    .closed, "Hearth storage is closed; the write was not applied."))
                return (StorageTicket(sequence: sequence), false)
            }
            if let after, after.sequence == 0 || after.sequence >= sequence {
                state.failures.record(sequence, StorageError(
                    .misuse, "A batch can only follow an earlier ticket of the same store (got \(after.sequence))."))
                return (StorageTicket(sequence: sequence), false)
            }
            state.pending.append(PendingBatch(sequence: sequence, batch: batch, after: after?.sequence))
            state.pendingOperations += batch.operations.count
            let wake = state.writerIsIdle
            state.writerIsIdle = false
            return (StorageTicket(sequence: sequence), wake)
        }
        if wake {
            self.wakeUp.signal()
        }
        return ticket
    }

    /// The outcome of `ticket` if it is settled, `nil` if it is still queued or being committed.
    private static func outcome(of sequence: UInt64, in state: State) -> Result<Void, StorageError>? {
        // Failures first: a batch refused after closing has its failure recorded at once, while
        // earlier batches may still be draining (so `settledThrough` is below it).
        if let error = state.failures.error(of: sequence) {
            return .failure(error)
        }
        guard sequence <= state.settledThrough else { return nil }
        switch state.failures.outcome(of: sequence) {
        case .failed(let error): return .failure(error)
        case .notFailed: return .success(())
        case .forgotten:
            return .failure(
                StorageError(
                    .io,
                    "Hearth no longer knows whether write \(sequence) was saved: more than \(state.failures.limit) "
                        + "writes failed after it before anyone asked. Read the data back to find out."))
        }
    }

    /// Suspends until `ticket` is settled; returns at once if it already is.
    func wait(for ticket: StorageTicket) async -> Result<Void, StorageError> {
        let sequence = ticket.sequence
        let immediate = self.state.withLock { state -> Result<Void, StorageError>? in
            guard sequence > 0, sequence < state.nextSequence else {
                return .failure(StorageError(.misuse, "Ticket \(sequence) was not issued by this Hearth storage."))
            }
            return Self.outcome(of: sequence, in: state)
        }
        if let immediate {
            return immediate
        }
        return await withCheckedContinuation { (continuation: Waiter) in
            let settled = self.state.withLock { state -> Result<Void, StorageError>? in
                if let outcome = Self.outcome(of: sequence, in: state) {
                    return outcome
                }
                state.waiters[sequence, default: []].append(continuation)
                return nil
            }
            if let settled {
                continuation.resume(returning: settled)
            }
        }
    }

    /// Blocks the calling (writer) thread until there is work, then returns all queued batches
    /// (up to the per-transaction operation budget, and at least one batch), or `.exit` once closing
    /// and nothing is left.
    func takeWork() -> Work {
        while true {
            let work = self.state.withLock { state -> Work? in
                if !state.pending.isEmpty {
                    if state.pendingOperations <= self.maximumOperationsPerTransaction {
                        let taken = state.pending
                        state.pending = []
                        state.pendingOperations = 0
                        return .commit(taken)
                    }
                    var operations = 0
                    var count = 0
                    for pending in state.pending {
                        let next = operations + pending.batch.operations.count
                        if count > 0 && next > self.maximumOperationsPerTransaction {
                            break
                        }
                        operations += pending.batch.operations.count
                        count += 1
                    }
                    let taken = Array(state.pending.prefix(count))
                    state.pending.removeFirst(count)
                    state.pendingOperations -= operations
                    return .commit(taken)
                }
                if state.isClosing {
                    return .exit
                }
                state.writerIsIdle = true
                return nil
            }
            if let work {
                return work
            }
            self.wakeUp.wait()
        }
    }

    /// Records the outcome of one committed or failed transaction's batches (in sequence order,
    /// contiguous with what was settled before) and resumes their waiters outside the lock.
    func settle(_ outcomes: [(sequence: UInt64, error: StorageError?)], transactions: StorageStatistics) {
        let resumptions = self.state.withLock { state -> [(Waiter, Result<Void, StorageError>)] in
            var resumptions: [(Waiter, Result<Void, StorageError>)] = []
            for outcome in outcomes {
                let result: Result<Void, StorageError>
                if let error = outcome.error {
                    state.failures.record(outcome.sequence, error)
                    result = .failure(error)
                } else {
                    result = .success(())
                }
                state.settledThrough = max(state.settledThrough, outcome.sequence)
                if let waiters = state.waiters.removeValue(forKey: outcome.sequence) {
                    for waiter in waiters {
                        resumptions.append((waiter, result))
                    }
                }
            }
            state.statistics.batchesCommitted += transactions.batchesCommitted
            state.statistics.batchesFailed += transactions.batchesFailed
            state.statistics.transactionsCommitted += transactions.transactionsCommitted
            state.statistics.transactionsFailed += transactions.transactionsFailed
            return resumptions
        }
        for (waiter, result) in resumptions {
            waiter.resume(returning: result)
        }
    }

    /// Stops accepting batches (later ones fail with `.closed`) and wakes the writer so it drains
    /// what is queued and then exits. Idempotent.
    func beginClosing() {
        let wake = self.state.withLock { state -> Bool in
            state.isClosing = true
            let wake = state.writerIsIdle
            state.writerIsIdle = false
            return wake
        }
        if wake {
            self.wakeUp.signal()
        }
    }

    /// The error batch `sequence` failed with, or nil if it succeeded or is not settled yet.
    /// A failure forgotten long ago (``FailureLog``) counts as no failure: a store's own waiter
    /// learns of its failures, and undoes them, long before that many later writes fail.
    func failure(of sequence: UInt64) -> StorageError? {
        self.state.withLock { $0.failures.error(of: sequence) }
    }

    /// `true` once ``beginClosing()`` was called.
    var isClosing: Bool {
        self.state.withLock { $0.isClosing }
    }

    /// A snapshot of the counters.
    var statistics: StorageStatistics {
        self.state.withLock { $0.statistics }
    }
}
