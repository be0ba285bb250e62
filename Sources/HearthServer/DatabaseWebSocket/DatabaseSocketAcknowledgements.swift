import HearthDatabase
import Synchronization

/// The replies to one WebSocket connection's writes (`ok`, or why a write could not be saved),
/// each sent once its write is durable, in request order, from a task that runs only while
/// some wait.
///
/// Why not one task for the connection's life: most connections are idle listeners that never
/// write, and a parked task costs its object, a slab of task memory and the stream it waits on,
/// per connection. Here an idle connection holds this object and an empty list; the write that
/// finds it idle starts one task, which ends once it has caught up (a burst of pipelined writes
/// still shares one task and the journal's group commits).
final class DatabaseSocketAcknowledgements: Sendable {
    /// A write's request number and what makes it durable.
    typealias Write = (number: Int64, receipt: DatabaseJournalReceipt?)

    private let queue = FanoutQueue<Write>()
    /// The task sending replies, or the last one that did.
    private let sender = Mutex<Task<Void, Never>?>(nil)
    private let acknowledge: @Sendable (Write) async -> Void

    /// - Parameter acknowledge: waits until the write is durable and sends its reply.
    init(acknowledge: @escaping @Sendable (Write) async -> Void) {
        self.acknowledge = acknowledge
    }

    /// Queues `write`'s reply after those already waiting; never waits.
    func add(_ write: Write) {
        guard self.queue.append(write) else { return }
        let task = Task {
            while let batch = self.queue.takeBatch() {
                for write in batch { await self.acknowledge(write) }
            }
        }
        self.sender.withLock { $0 = task }
    }

    /// Returns once every reply queued has been sent; call when no more are added (only the
    /// last task started can still be running: a task is started only once the one before
    /// has found nothing left).
    func finish() async {
        await self.sender.withLock { $0 }?.value
    }
}
