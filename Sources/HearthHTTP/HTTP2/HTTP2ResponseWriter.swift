import NIOCore
import NIOHPACK
import NIOHTTP2
import Synchronization

/// Writes one HTTP/2 stream's response: a head (HEADERS with `:status`), body pieces (DATA),
/// and an end, optionally with trailers (a trailing HEADERS frame, which carries gRPC's
/// `grpc-status`). Each write waits while the stream's flow-control window or the connection
/// is full, so a client that does not read holds at most the stream's outbound buffer.
///
/// Header names are sent in lower case (HTTP/2 refuses upper case); fields with CR, LF or NUL
/// are dropped, as on HTTP/1.1.
public final class HTTP2ResponseWriter: Sendable {
    enum Phase {
        case idle
        case headSent
        case finished
    }

    private let outbound: HTTP2StreamOutbound
    private let stream: HTTP2ServerStream
    private let flusher: StreamFlusher
    private let allocator: ByteBufferAllocator
    private let phase = Mutex(Phase.idle)
    /// The body handed out by ``streamBody(bound:)``, drained before anything written here.
    private let body = Mutex<HTTP2StreamBody?>(nil)

    init(outbound: HTTP2StreamOutbound, stream: HTTP2ServerStream, flusher: StreamFlusher) {
        self.outbound = outbound
        self.stream = stream
        self.flusher = flusher
        self.allocator = stream.allocator
    }

    /// Whether a head has been written (after it, errors can only reset the stream).
    public var hasSentHead: Bool { self.phase.withLock { $0 != .idle } }

    /// Whether the stream has been ended.
    var isFinished: Bool { self.phase.withLock { $0 == .finished } }

    /// Writes the response head.
    /// - Parameter endStream: true for a response without body or trailers (gRPC's
    ///   trailers-only response is a head whose fields include `grpc-status`, ending the stream).
    public func writeHead(status: HTTPStatus, headers: HTTPHeaders, endStream: Bool = false) async throws {
        try self.advance(from: .idle, to: endStream ? .finished : .headSent)
        let fields = HTTP2Fields(status: status, headers).fields
        try await self.outbound.write([.headers(.init(headers: fields, endStream: endStream))])
    }

    /// Writes one piece of the body; an empty array is a no-op.
    public func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        try self.advance(from: .headSent, to: .headSent)
        let buffer = self.allocator.buffer(bytes: bytes)
        try await self.outbound.write([.data(.init(data: .byteBuffer(buffer), endStream: false))], before: self.drainBody)
    }

    /// Ends the stream with a gRPC trailers-only answer: `:status 200`, `grpc-status`, and
    /// `message` percent-encoded as `grpc-message` (gRPC clients show it; a bare HTTP status
    /// would reach them as UNKNOWN).
    public func writeGRPCStatus(_ code: Int, message: String) async throws {
        try await self.writeHead(
            status: .ok,
            headers: [
                "content-type": "application/grpc", "grpc-status": String(code),
                "grpc-message": UnimplementedHTTP2Responder.percentEncoded(message),
            ],
            endStream: true)
    }

    /// The rest of the body as a writer that never waits (after the head): pieces go through
    /// the stream's outbox and leave in batches, bounded by `bound` bytes (see
    /// ``HTTP2StreamBody``). The same writer every time; ``write(_:)`` and ``finish(trailers:)``
    /// drain it first, so nothing overtakes what it holds.
    /// - Throws: ``HTTP2ResponseOrderError`` before the head or after the end.
    public func streamBody(bound: Int) async throws -> HTTP2StreamBody {
        try self.advance(from: .headSent, to: .headSent)
        // The head's write is queued on the event loop, but the body's first drain may run in a
        // flusher task queued there earlier (for another stream): DATA before HEADERS would
        // break the stream. One hop, once per body, waits until the head is written.
        try await self.stream.eventLoop.submit {}.get()
        return self.body.withLock { body in
            if let body { return body }
            let made = HTTP2StreamBody(stream: self.stream, flusher: self.flusher, bound: bound)
            body = made
            return made
        }
    }

    /// Drains the streamed body on the event loop, if one was handed out.
    private var drainBody: (@Sendable () -> Void)? {
        guard let body = self.body.withLock({ $0 }) else { return nil }
        return { body.drainAll() }
    }

    /// Ends the response: with a trailing HEADERS frame when `trailers` is not empty, else with
    /// an empty DATA frame.
    public func finish(trailers: HTTPHeaders = HTTPHeaders()) async throws {
        try self.advance(from: .headSent, to: .finished)
        if trailers.isEmpty {
            try await self.outbound.write(
                [.data(.init(data: .byteBuffer(self.allocator.buffer(capacity: 0)), endStream: true))], before: self.drainBody)
        } else {
            let fields = HTTP2Fields(trailers).fields
            try await self.outbound.write([.headers(.init(headers: fields, endStream: true))], before: self.drainBody)
        }
    }

    /// Writes a whole response at once: the head, the body (when not empty) and the end, with
    /// `trailers` when not empty. One write to the stream instead of three: what a unary gRPC
    /// call sends, where each separate write would cost a hop to the event loop and back.
    public func writeResponse(status: HTTPStatus, headers: HTTPHeaders, body: [UInt8], trailers: HTTPHeaders) async throws {
        try await self.writeResponse(head: HTTP2Fields(status: status, headers), body: body, trailers: HTTP2Fields(trailers))
    }

    /// ``writeResponse(status:headers:body:trailers:)`` with a head and trailers made ready
    /// beforehand (``HTTP2Fields``), for a responder that sends the same ones on every call.
    public func writeResponse(head: HTTP2Fields, body: [UInt8], trailers: HTTP2Fields) async throws {
        try self.advance(from: .idle, to: .finished)
        var frames: [HTTP2Frame.FramePayload] = [.headers(.init(headers: head.fields))]
        if !body.isEmpty { frames.append(.data(.init(data: .byteBuffer(self.allocator.buffer(bytes: body)), endStream: false))) }
        if trailers.isEmpty {
            frames.append(.data(.init(data: .byteBuffer(self.allocator.buffer(capacity: 0)), endStream: true)))
        } else {
            frames.append(.headers(.init(headers: trailers.fields, endStream: true)))
        }
        try await self.outbound.write(frames)
    }

    private func advance(from expected: Phase, to next: Phase) throws {
        try self.phase.withLock { phase in
            guard phase == expected else { throw HTTP2ResponseOrderError(phase: "\(phase)", expected: "\(expected)") }
            phase = next
        }
    }
}
