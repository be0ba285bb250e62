import NIOCore
import NIOHTTP2
import Synchronization
import Testing

@testable import HearthHTTP

/// Reading an HTTP/2 stream's inbox without waiting (`poll`, `whenReadable`), as a gRPC
/// `Listen` call does on its one task: each wake-up is called once, when a frame, the end or
/// the failure arrives (or at once when one is already there), and `poll` gives what arrived
/// in order, then the end or the failure.
@Suite struct HTTP2StreamInboxTests {
    /// Counts the wake-ups it was handed.
    final class Wakes: Sendable {
        private let count = Atomic(0)
        var value: Int { self.count.load(ordering: .relaxed) }
        func callback() -> @Sendable () -> Void { { self.count.add(1, ordering: .relaxed) } }
    }

    static func data(_ bytes: [UInt8], end: Bool = false) -> HTTP2Frame.FramePayload {
        .data(.init(data: .byteBuffer(ByteBuffer(bytes: bytes)), endStream: end))
    }

    static func bytes(_ polled: Polled<HTTP2Frame.FramePayload>) -> [UInt8]? {
        guard case .value(.data(let data)) = polled, case .byteBuffer(let buffer) = data.data else { return nil }
        return Array(buffer.readableBytesView)
    }

    @Test func aWakeUpComesOnceWhenAFrameArrivesAndPollGivesFramesInOrder() throws {
        let inbox = HTTP2StreamInbox(consumed: { _ in })
        let wakes = Wakes()
        guard case .pending = try inbox.poll() else { Issue.record("an empty inbox gave something"); return }
        inbox.whenReadable(wakes.callback())
        #expect(wakes.value == 0)
        inbox.receive(Self.data([1]))
        inbox.receive(Self.data([2]))
        #expect(wakes.value == 1, "one wake-up per registration")
        #expect(Self.bytes(try inbox.poll()) == [1])
        #expect(Self.bytes(try inbox.poll()) == [2])
        guard case .pending = try inbox.poll() else { Issue.record("a drained inbox gave something"); return }
    }

    @Test func aWakeUpComesAtOnceWhenSomethingIsAlreadyThere() throws {
        let inbox = HTTP2StreamInbox(consumed: { _ in })
        let wakes = Wakes()
        inbox.receive(Self.data([7]))
        inbox.whenReadable(wakes.callback())
        #expect(wakes.value == 1)
        #expect(Self.bytes(try inbox.poll()) == [7])
    }

    @Test func theEndWakesAndPollsAsEnded() throws {
        let inbox = HTTP2StreamInbox(consumed: { _ in })
        let wakes = Wakes()
        inbox.whenReadable(wakes.callback())
        inbox.receive(Self.data([1], end: true))
        inbox.whenReadable(wakes.callback())
        #expect(wakes.value == 2, "the frame there already wakes the second registration at once")
        _ = try inbox.poll()
        inbox.whenReadable(wakes.callback())
        inbox.finish()
        #expect(wakes.value == 3)
        guard case .ended = try inbox.poll() else { Issue.record("a finished inbox did not end"); return }
        inbox.whenReadable(wakes.callback())
        #expect(wakes.value == 4, "a finished inbox wakes at once")
    }

    @Test func aFailureIsThrownAfterTheFramesBeforeIt() throws {
        struct Reset: Error {}
        let inbox = HTTP2StreamInbox(consumed: { _ in })
        let wakes = Wakes()
        inbox.receive(Self.data([3]))
        inbox.fail(Reset())
        inbox.finish()
        inbox.whenReadable(wakes.callback())
        #expect(wakes.value == 1)
        #expect(Self.bytes(try inbox.poll()) == [3])
        #expect(throws: Reset.self) { try inbox.poll() }
    }

    @Test func takenBytesAreReportedAsConsumedWhenPolled() throws {
        let reported = Atomic(0)
        let inbox = HTTP2StreamInbox(consumed: { reported.add($0, ordering: .relaxed) })
        let piece = [UInt8](repeating: 0, count: HTTP2ConnectionHandler.windowUpdateThreshold)
        inbox.receive(Self.data(piece))
        #expect(reported.load(ordering: .relaxed) == 0, "nothing is consumed before the reader takes it")
        _ = try inbox.poll()
        #expect(reported.load(ordering: .relaxed) == piece.count)
    }
}
