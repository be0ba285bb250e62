import NIOCore
import Synchronization

@testable import HearthHTTP

/// A `ResponseBodyWriter` without a socket, for driving sessions in tests: records what is sent
/// and written, refuses `send` once `bound` bytes were sent (as the transport's byte bound
/// refuses a client that does not read), and lets the test stop the stream as a client that
/// closes its connection would.
final class SessionWriter: ResponseBodyWriter {
    private struct State {
        var bytes: [UInt8] = []
        var sent = 0
        var stop: (@Sendable () -> Void)?
        var stopped = false
    }

    private let state = Mutex(State())
    private let bound: Int

    init(bound: Int = .max) {
        self.bound = bound
    }

    /// Everything sent and written so far, in order, as text.
    var text: String { self.state.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

    func write(_ bytes: [UInt8]) async throws {
        self.state.withLock { $0.bytes += bytes }
    }

    func send(_ bytes: SharedBytes, backlog: Int) -> Bool {
        self.state.withLock { state in
            guard state.sent + bytes.count <= self.bound else { return false }
            state.sent += bytes.count
            state.bytes += Array(bytes.buffer.readableBytesView)
            return true
        }
    }

    func abort() {}

    func onStop(_ action: @escaping @Sendable () -> Void) {
        let runNow = self.state.withLock { state -> Bool in
            state.stop = action
            return state.stopped
        }
        if runNow { action() }
    }

    /// The client closes its connection.
    func stop() {
        let action = self.state.withLock { state -> (@Sendable () -> Void)? in
            state.stopped = true
            return state.stop
        }
        action?()
    }
}
