import NIOCore
import NIOEmbedded
import Testing

@testable import HearthHTTP

/// A flusher drains the outboxes a fan-out made ready in slices, so the event loop's other
/// work (a commit's response, another client's request) is not held behind all of them.
@Suite struct StreamFlusherTests {
    @Test func workQueuedBehindAFanOutRunsBetweenSlicesOfItsDrains() {
        let channel = EmbeddedChannel()
        let loop = channel.embeddedEventLoop
        let flusher = StreamFlusher(loop: loop)
        let outboxes = (0..<100).map { _ in StreamOutbox(flusher: flusher) }
        for outbox in outboxes {
            let drain = outbox.add(SharedBytes([1, 2, 3]), backlog: 1_000, bound: 1 << 20, writable: true)
            #expect(drain == .now, "a quiet stream drains at once")
            outbox.schedule(drain!, into: .httpBody(channel))
        }
        var drainedBeforeTheResponse = -1
        loop.execute { drainedBeforeTheResponse = outboxes.filter { $0.pendingBytes == 0 }.count }
        loop.run()
        #expect(drainedBeforeTheResponse == StreamFlusher.drainsPerTask)
        #expect(outboxes.allSatisfy { $0.pendingBytes == 0 }, "the other slices drained after it")
    }
}
