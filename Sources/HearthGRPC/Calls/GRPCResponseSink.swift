import HearthHTTP
import Synchronization

/// Writes one call's response: the head (`:status 200`, `content-type: application/grpc`)
/// before the first message, length-prefixed messages, then the status in trailers, or the
/// status alone in a trailers-only response when nothing was sent before it.
///
/// Each write waits for the stream's flow-control window and the connection's writability
/// (``HTTP2ResponseWriter``), so a client that stops reading holds the sender, not memory:
/// at most the stream's outbound buffer is queued. Sends from several tasks are kept whole
/// and in order (``GRPCSendLock``).
final class GRPCResponseSink: Sendable {
    private let writer: HTTP2ResponseWriter
    private let lock = GRPCSendLock()
    private let headSent = Mutex(false)
    private let finished = Mutex(false)

    init(writer: HTTP2ResponseWriter) {
        self.writer = writer
    }

    static let head: HTTPHeaders = ["content-type": "application/grpc", "grpc-accept-encoding": GRPCCompression.accepted]
    /// A unary response's head and its OK trailers, made once (most unary calls end with them).
    static let unaryHead = HTTP2Fields(status: .ok, GRPCResponseSink.head)
    static let okTrailers = HTTP2Fields(GRPCStatus.ok.trailers)

    /// Sends one encoded message.
    /// - Throws: when the stream is gone (reset, connection closed) or already ended.
    func send(_ message: [UInt8]) async throws {
        try await self.sendFramed(GRPCMessageDeframer.frame(message))
    }

    /// Sends bytes that are already whole length-prefixed messages.
    func sendFramed(_ bytes: [UInt8]) async throws {
        try await self.lock.withLock {
            try await self.openBody(else: "A message was sent after the call ended.")
            try await self.writer.write(bytes)
        }
    }

    /// The rest of the call's messages as a writer that never waits (the head goes first):
    /// pieces (whole length-prefixed messages) are batched and bounded by `bound` bytes, and
    /// the call's end drains them before its trailers (``HTTP2StreamBody``).
    /// - Throws: when the stream is gone or the call already ended.
    func streamBody(bound: Int) async throws -> HTTP2StreamBody {
        try await self.lock.withLock {
            try await self.openBody(else: "A call's body was asked for after the call ended.")
            return try await self.writer.streamBody(bound: bound)
        }
    }

    /// Under `lock`: sends the head unless it was sent; throws INTERNAL with `misuse` once the
    /// call has ended.
    private func openBody(else misuse: String) async throws {
        guard !self.finished.withLock({ $0 }) else { throw GRPCStatus(.internal, misuse) }
        if !self.headSent.withLock({ $0 }) {
            try await self.writer.writeHead(status: .ok, headers: Self.head)
            self.headSent.withLock { $0 = true }
        }
    }

    /// Sends a unary call's whole response, its one message and `status`, in one write.
    /// - Throws: when the stream is gone or the call has already sent something.
    func respond(_ message: [UInt8], status: GRPCStatus) async throws {
        try await self.lock.withLock {
            let first = self.finished.withLock { finished in
                defer { finished = true }
                return !finished && !self.headSent.withLock { $0 }
            }
            guard first else { throw GRPCStatus(.internal, "A unary response was sent after the call had begun or ended.") }
            let trailers = status == .ok ? Self.okTrailers : HTTP2Fields(status.trailers)
            try await self.writer.writeResponse(head: Self.unaryHead, body: GRPCMessageDeframer.frame(message), trailers: trailers)
        }
    }

    /// Ends the call with `status`: trailers after a head, or a trailers-only response.
    /// Ending twice does nothing (the first status stands).
    func finish(_ status: GRPCStatus) async throws {
        try await self.lock.withLock {
            let first = self.finished.withLock { finished in
                defer { finished = true }
                return !finished
            }
            guard first else { return }
            if self.headSent.withLock({ $0 }) {
                try await self.writer.finish(trailers: status.trailers)
            } else {
                var fields = Self.head
                for (name, value) in status.trailers { fields.add(name: name, value: value) }
                try await self.writer.writeHead(status: .ok, headers: fields, endStream: true)
            }
        }
    }
}
