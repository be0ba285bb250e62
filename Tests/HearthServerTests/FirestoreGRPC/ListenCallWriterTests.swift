import HearthHTTP
import Testing

@testable import HearthServer

/// The Listen call's queue: bounded in bytes, cut off rather than waited for, drained in order.
@Suite struct ListenCallWriterTests {
    private func bytes(_ count: Int, _ value: UInt8 = 1) -> SharedBytes { SharedBytes([UInt8](repeating: value, count: count)) }

    @Test func drainsInOrderUntilFinished() async throws {
        let writer = ListenCallWriter(bound: 100)
        #expect(writer.send(self.bytes(3, 1), backlog: 10))
        #expect(writer.send(self.bytes(2, 2), backlog: 10))
        try await writer.write([3])
        writer.finish()
        var written: [UInt8] = []
        try await writer.drain { written += $0 }
        #expect(written == [1, 1, 1, 2, 2, 3])
        #expect(!writer.wasCutOff)
    }

    @Test func aReaderThatFallsBehindIsCutOffNotWaitedFor() {
        let writer = ListenCallWriter(bound: 10)
        #expect(writer.send(self.bytes(6), backlog: 100))
        #expect(writer.send(self.bytes(5), backlog: 100))
        // 11 bytes wait, more than the bound: refused, and the stream is cut off.
        #expect(!writer.send(self.bytes(1), backlog: 100))
        #expect(writer.wasCutOff)
        #expect(!writer.send(self.bytes(1), backlog: 100))
    }

    @Test func aLargePieceIsTakenWholeWhileWithinTheBoundButNothingAfterIt() {
        let writer = ListenCallWriter(bound: 10)
        #expect(writer.send(self.bytes(4), backlog: 100))
        #expect(writer.send(self.bytes(50), backlog: 100))
        #expect(!writer.send(self.bytes(1), backlog: 100))
    }

    @Test func theBacklogOfPiecesIsBoundedToo() {
        let writer = ListenCallWriter(bound: 1000)
        #expect(writer.send(self.bytes(1), backlog: 2))
        #expect(writer.send(self.bytes(1), backlog: 2))
        #expect(!writer.send(self.bytes(1), backlog: 2))
    }

    @Test func stopRunsTheStopActionsAndEndsTheDrain() async throws {
        let writer = ListenCallWriter(bound: 100)
        let stopped = StopFlag()
        writer.onStop { stopped.set() }
        #expect(writer.send(self.bytes(3), backlog: 10))
        writer.stop()
        #expect(stopped.isSet)
        var written: [UInt8] = []
        try await writer.drain { written += $0 }
        #expect(written.isEmpty)
        let late = StopFlag()
        writer.onStop { late.set() }
        #expect(late.isSet)
    }
}
