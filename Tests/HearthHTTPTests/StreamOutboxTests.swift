import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOPosix
import Testing

@testable import HearthHTTP

/// A stream's outbox counts bytes, not pieces: what `send` may queue for a client that does
/// not read, and what a refusal drops. No socket: pieces are only queued here, never drained.
@Suite struct StreamOutboxTests {
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    func makeOutbox() -> StreamOutbox {
        StreamOutbox(flusher: StreamFlusher(loop: Self.group.next()))
    }

    /// Pieces of 100 KiB under a 256 KiB bound and a backlog count of 1,000: the third is
    /// refused for its bytes, the stream is cut off, and what it held is dropped at once.
    @Test func sendIsBoundedInBytesAndARefusalDropsWhatWasHeld() {
        let outbox = self.makeOutbox()
        let piece = SharedBytes([UInt8](repeating: 1, count: 100 * 1024))
        #expect(outbox.add(piece, backlog: 1_000, bound: 256 * 1024, writable: false) != nil)
        #expect(outbox.add(piece, backlog: 1_000, bound: 256 * 1024, writable: false) != nil)
        #expect(outbox.pendingBytes == 200 * 1024)
        #expect(outbox.add(piece, backlog: 1_000, bound: 256 * 1024, writable: true) == nil)
        #expect(outbox.isCutOff)
        #expect(outbox.pendingBytes == 0)
        #expect(outbox.add(SharedBytes([1]), backlog: 1_000, bound: 256 * 1024, writable: true) == nil)
    }

    /// One event larger than the bound is still taken when nothing else waits (a listener of
    /// a large document is not cut off for its size alone); the next piece is not.
    @Test func aPieceLargerThanTheBoundIsTakenAloneOnly() {
        let outbox = self.makeOutbox()
        #expect(outbox.add(SharedBytes([UInt8](repeating: 2, count: 1 << 20)), backlog: 1_000, bound: 256 * 1024, writable: true) != nil)
        #expect(outbox.pendingBytes == 1 << 20)
        #expect(outbox.add(SharedBytes([3]), backlog: 1_000, bound: 256 * 1024, writable: true) == nil)
        #expect(outbox.isCutOff)
    }

    /// The count of pieces waiting while the connection is not writable still applies.
    @Test func theBacklogCountAppliesWhileNotWritable() {
        let outbox = self.makeOutbox()
        let piece = SharedBytes(Array("event\n".utf8))
        #expect(outbox.add(piece, backlog: 2, bound: 1 << 20, writable: true) != nil)
        #expect(outbox.add(piece, backlog: 2, bound: 1 << 20, writable: false) != nil)
        #expect(outbox.add(piece, backlog: 2, bound: 1 << 20, writable: false) == nil)
        #expect(outbox.isCutOff)
    }

    /// After a cut-off, a write (the final event) is queued without waiting: its waiter, if
    /// any, is released at once, and a drain is asked for now.
    @Test func afterACutOffAWriteIsQueuedWithoutWaiting() throws {
        let outbox = self.makeOutbox()
        let loop = Self.group.next()
        #expect(outbox.add(SharedBytes([UInt8](repeating: 4, count: 10)), backlog: 0, bound: 1 << 20, writable: false) == nil)
        let waiter = loop.makePromise(of: Void.self)
        #expect(outbox.add(Array("final".utf8), allocator: ByteBufferAllocator(), waiter: waiter) == .now)
        try waiter.futureResult.wait()
        #expect(outbox.pendingBytes == 5)
    }

    /// Once the body's last drain ran (`ending`), nothing more is taken: a piece sent while the
    /// end was being written is refused, a producer's write is dropped and its waiter released,
    /// so no bytes can follow the body's end on the wire.
    @Test func afterTheEndingDrainNothingIsTaken() throws {
        let channel = EmbeddedChannel()
        let outbox = StreamOutbox(flusher: StreamFlusher(loop: channel.eventLoop))
        #expect(outbox.add(SharedBytes([1, 2]), backlog: 1_000, bound: 1 << 20, writable: true) != nil)
        outbox.drain(into: .httpBody(channel), ending: true)
        #expect(try channel.readOutbound(as: HTTPServerResponsePart.self) != nil)
        #expect(outbox.add(SharedBytes([3]), backlog: 1_000, bound: 1 << 20, writable: true) == nil)
        let waiter = channel.eventLoop.makePromise(of: Void.self)
        #expect(outbox.add([4], allocator: channel.allocator, waiter: waiter) == .none)
        var released = false
        waiter.futureResult.assumeIsolated().whenSuccess { released = true }
        #expect(released)
        #expect(outbox.pendingBytes == 0)
        outbox.drain(into: .httpBody(channel))
        #expect(try channel.readOutbound(as: HTTPServerResponsePart.self) == nil)
    }
}
