import HearthHTTP
import Logging
import Synchronization
import Testing

@testable import HearthServer

/// The registry of open listen streams, driven round by round (`tick()`), without a clock.
@Suite struct ListenStreamsTests {
    /// A writer whose client never reads: it only records aborts.
    final class RecordingWriter: ResponseBodyWriter {
        private let aborts = Mutex(0)
        var abortCount: Int { self.aborts.withLock { $0 } }
        func write(_ bytes: [UInt8]) async throws {}
        func abort() { self.aborts.withLock { $0 += 1 } }
        func onStop(_ action: @escaping @Sendable () -> Void) {}
        func send(_ bytes: SharedBytes, backlog: Int) -> Bool { true }
    }

    let rules: FirestoreRulesRegistry
    let streams: ListenStreams

    init() throws {
        self.rules = try FirestoreRulesRegistry(file: nil, logger: Logger(label: "test"))
        // An hour between the background ticks: only the test's own calls to tick() count.
        self.streams = ListenStreams(keepAlive: .seconds(3600), rules: self.rules)
    }

    @Test func aStreamStuckAfterOverflowingIsAbortedOneTickAfterItIsSeenRefusing() {
        let queue = EventQueue<ListenStream.Item>(capacity: 1)
        let writer = RecordingWriter()
        let id = self.streams.open(scope: "p", queue: queue, writer: writer)
        #expect(self.streams.count(scope: "p") == 1)
        #expect(self.streams.count(scope: "q") == 0)

        #expect(self.streams.tick())  // the keep-alive fits
        #expect(self.streams.tick())  // the second overflows the queue: marked, not aborted yet
        #expect(writer.abortCount == 0)
        #expect(self.streams.tick())  // still open a round later: stuck, so aborted
        #expect(writer.abortCount == 1)
        #expect(self.streams.count(scope: "p") == 1)  // counted until its task has ended

        self.streams.close(id)
        #expect(self.streams.count(scope: "p") == 0)
        #expect(!self.streams.tick())  // nothing open: the ticker stops
    }

    @Test func aStreamThatKeepsReadingIsNeverAborted() async {
        let queue = EventQueue<ListenStream.Item>(capacity: 1)
        let writer = RecordingWriter()
        let id = self.streams.open(scope: "p", queue: queue, writer: writer)
        for _ in 0..<5 {
            #expect(self.streams.tick())
            guard case .element(.keepAlive) = await queue.next() else {
                Issue.record("expected a keep-alive")
                return
            }
        }
        #expect(writer.abortCount == 0)
        self.streams.close(id)
    }

    @Test func aRulesChangeMakesEveryOpenStreamRecheck() async throws {
        let queues = (0..<3).map { _ in EventQueue<ListenStream.Item>(capacity: 4) }
        for queue in queues { _ = self.streams.open(scope: "p", queue: queue, writer: RecordingWriter()) }
        let source = "service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if false; } } }"
        let compiled = try #require(RulesInForce.compile(source, fileName: "f.rules", origin: "test").0)
        self.rules.install(compiled, project: "p")
        for queue in queues {
            guard case .element(.recheck) = await queue.next() else {
                Issue.record("expected a re-check")
                return
            }
        }
    }
}
