import HearthFirestore
import HearthHTTP

/// Hands each committed snapshot to every listen stream that should get it, from one task for
/// the whole server, without waking the streams' own tasks.
///
/// Why one task: a commit seen by a thousand listeners used to wake a thousand tasks, each to
/// copy the same bytes into its socket; the task switches cost more than everything else the
/// delivery did. Here the store's sinks (under its lock) only append (stream, event) to one
/// list; this task, woken once for however many commits piled up, waits once per commit for it
/// to be durable, then for each stream checks the rules and queues the shared encoding on the
/// stream's session without waiting (`ListenStream.deliver`, `StreamSession.send`). A stream whose client is
/// behind is cut off rather than waited for, so one slow reader never delays the others.
///
/// Commit order is kept: the list is in the store's order, and each stream's bytes are queued
/// in list order.
final class ListenFanout: Sendable {
    private let queue = FanoutQueue<ListenDelivery>()

    init() {}

    /// Called by a stream's sink, under the store's lock: appends and, if the task is idle,
    /// starts it. Returns false once the stream has ended, so the store drops its sink.
    func enqueue(_ event: ListenEvent, for stream: ListenStream) -> Bool {
        guard !stream.hasEnded else { return false }
        if self.queue.append(ListenDelivery(stream: stream, event: event)) {
            Task { await self.run() }
        }
        return true
    }

    /// Delivers until nothing is pending, then stops (the next `enqueue` starts it again).
    private func run() async {
        while let batch = self.queue.takeBatch() {
            var start = 0
            while start < batch.count {
                // Fields are read in place through the buffer (see `ListenDelivery`).
                let (event, store, end) = batch.withUnsafeBufferPointer { entries in
                    let memo = entries[start].event.memo
                    var end = start + 1
                    while end < entries.count, entries[end].event.memo === memo { end += 1 }
                    return (entries[start].event, entries[start].stream.call.store, end)
                }
                // A commit that could not be saved is undone: its event is dropped, and the
                // reset snapshot the store sends next puts the listeners right.
                if (try? await store.waitUntilDurable(event.receipt)) != nil {
                    batch.withUnsafeBufferPointer { Self.deliver(event, to: UnsafeBufferPointer(rebasing: $0[start..<end])) }
                }
                start = end
            }
        }
    }

    /// One durable event to each of its streams; it is encoded once per encoder (all its
    /// streams listen to one view of one database; over SSE every session shares one encoding),
    /// and the rules in force are looked up once per project, not once per stream.
    private static func deliver(_ event: ListenEvent, to streams: UnsafeBufferPointer<ListenDelivery>) {
        guard !streams.isEmpty else { return }
        let first = streams[0].stream
        // One copy per encoder (each session queues a reference to it), one rules lookup per project.
        var encoded = FanoutMemo<String, SharedBytes>()
        var rules = FanoutMemo<String, RulesInForce?>()
        let readTime = event.snapshot.readTime
        for index in streams.indices {
            let stream = streams[index].stream
            let project = stream.call.database.project
            let current = rules.value(for: project) { stream.rules.rules(for: project) }
            let bytes = encoded.value(for: stream.sharingKey) {
                SharedBytes(event.memo.bytes(for: stream.sharingKey) {
                    stream.encoding.encode(.snapshot(event.snapshot, database: first.call.database))
                })
            }
            stream.deliver(bytes, readTime: readTime, rules: current)
        }
    }
}
