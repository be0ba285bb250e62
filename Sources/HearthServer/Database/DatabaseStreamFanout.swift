import HearthDatabase
import HearthHTTP

/// Hands each committed Realtime Database change to every stream that should get it, from one
/// task for the whole server, without waking the streams' own tasks (the RTDB counterpart of
/// `ListenFanout`; see there for why one task).
///
/// The store's sinks (under its lock) only append (stream, change) to one list; this task,
/// woken once for however many changes piled up, waits once per change for it to be durable,
/// looks the rules up once per change, then for each stream checks them and queues the bytes
/// on its session without waiting (`DatabaseStream.deliver`, `StreamSession.send`). Plain streams at the same
/// location share one encoding of the change. Change order is kept: the list is in each
/// store's order, and each stream's bytes are queued in list order.
final class DatabaseStreamFanout: Sendable {
    private struct Entry: Sendable {
        let stream: DatabaseStream
        let change: DatabaseChange
        /// The value at the stream's location after the change (query streams only).
        let value: DatabaseNode
        let receipt: DatabaseJournalReceipt?
    }

    private let queue = FanoutQueue<Entry>()

    init() {}

    /// Called by a stream's sink, under the store's lock: appends and, if the task is idle, starts it.
    func enqueue(_ change: DatabaseChange, value: DatabaseNode, receipt: DatabaseJournalReceipt?, for stream: DatabaseStream) {
        guard !stream.hasEnded else { return }
        if self.queue.append(Entry(stream: stream, change: change, value: value, receipt: receipt)) {
            Task { await self.run() }
        }
    }

    /// Delivers until nothing is pending, then stops (the next `enqueue` starts it again).
    private func run() async {
        while let batch = self.queue.takeBatch() {
            var start = 0
            while start < batch.count {
                // One change's entries are consecutive: its store called every sink in one go.
                // Fields are read in place through the buffer (the array's subscript copied
                // each whole entry, retaining all it holds, to read one field).
                let (store, receipt, end) = batch.withUnsafeBufferPointer { entries in
                    let store = entries[start].stream.call.store
                    let sequence = entries[start].change.sequence
                    var end = start + 1
                    while end < entries.count, entries[end].stream.call.store === store, entries[end].change.sequence == sequence {
                        end += 1
                    }
                    return (store, entries[start].receipt, end)
                }
                if (try? await store.waitUntilDurable(receipt)) != nil {
                    batch.withUnsafeBufferPointer { Self.deliver(UnsafeBufferPointer(rebasing: $0[start..<end])) }
                } else {
                    // The change could not be saved and was undone: its streams start over.
                    for index in start..<end { batch[index].stream.abandon() }
                }
                start = end
            }
        }
    }

    /// One durable change to each of its streams (all of one namespace).
    private static func deliver(_ entries: UnsafeBufferPointer<Entry>) {
        guard !entries.isEmpty else { return }
        let rules = entries[0].stream.registry.rules(for: entries[0].stream.call.namespace)
        var shared = FanoutMemo<DatabaseStreamEncoding, SharedBytes>()
        for index in entries.indices {
            let stream = entries[index].stream
            guard let encoding = stream.sharedEncoding else {
                _ = stream.deliver(entries[index].change, value: entries[index].value, rules: rules, shared: nil)
                continue
            }
            let known = shared.value(for: encoding)
            if let encoded = stream.deliver(entries[index].change, value: entries[index].value, rules: rules, shared: known),
                known == nil
            {
                shared.keep(encoded, for: encoding)
            }
        }
    }
}
