import NIOCore
import NIOHPACK
import NIOHTTP2

/// An HTTP/2 request body, read from the stream's DATA frames as they arrive.
///
/// Bounded like HTTP/1.1 bodies: at most ``HTTPServerConfiguration/maxRequestBodySize`` bytes
/// per stream (reading further throws ``HTTP2RequestBodyError``), and ``collect()`` reserves
/// what it holds from the server's ``RequestBodyBudget`` (released when the stream's responder
/// returns). Pieces read with ``next()`` are held by the reader, not the transport, which
/// buffers at most the stream's flow-control window (64 KiB) for a reader that is slow.
///
/// Not `Sendable`: it reads the stream's inbox for the task serving the stream.
public final class HTTP2RequestBody {
    typealias Frames = HTTP2StreamInbox

    private let frames: Frames
    private var ended: Bool
    private var limit: Int
    private let budget: RequestBodyBudget
    /// Bytes read so far.
    public private(set) var count = 0
    /// Budget bytes ``collect()`` reserved; the stream server releases them.
    private(set) var reserved = 0
    /// Trailers the client sent after the body (gRPC clients send none; HTTP allows them).
    public private(set) var trailers = HTTPHeaders()

    init(frames: Frames, ended: Bool, limit: Int, budget: RequestBodyBudget) {
        self.frames = frames
        self.ended = ended
        self.limit = limit
        self.budget = budget
    }

    /// Whether the client ended its side of the stream (as far as it was read).
    var hasEnded: Bool { self.ended }

    /// The next piece of the body, or nil once the client ended it.
    /// - Throws: ``HTTP2RequestBodyError`` past the size limit; the stream's error if it was
    ///   reset or the connection failed.
    public func next() async throws -> [UInt8]? {
        while !self.ended {
            guard let frame = try await self.frames.next() else {
                self.ended = true
                return nil
            }
            if let piece = try self.take(frame) { return piece }
        }
        return nil
    }

    /// The next piece of the body if it is here, the end, or `.pending`: never waits (ask
    /// ``whenReadable(_:)`` to be woken).
    /// - Throws: as ``next()``.
    public func nextIfReady() throws -> Polled<[UInt8]> {
        while !self.ended {
            switch try self.frames.poll() {
            case .value(let frame):
                if let piece = try self.take(frame) { return .value(piece) }
            case .ended:
                self.ended = true
            case .pending:
                return .pending
            }
        }
        return .ended
    }

    /// Calls `wake` once when ``nextIfReady()`` has something to give: now, if it has already.
    public func whenReadable(_ wake: @escaping @Sendable () -> Void) {
        guard !self.ended else {
            wake()
            return
        }
        self.frames.whenReadable(wake)
    }

    /// The body bytes `frame` carries, nil for none (its trailers, an empty DATA frame).
    private func take(_ frame: HTTP2Frame.FramePayload) throws(HTTP2RequestBodyError) -> [UInt8]? {
        switch frame {
        case .data(let data):
            self.ended = data.endStream
            guard case .byteBuffer(let buffer) = data.data, buffer.readableBytes > 0 else { return nil }
            guard self.count + buffer.readableBytes <= self.limit else {
                throw HTTP2RequestBodyError.tooLarge(limit: self.limit, got: self.count + buffer.readableBytes)
            }
            self.count += buffer.readableBytes
            return Array(buffer.readableBytesView)
        case .headers(let headers):
            self.ended = true
            for (name, value, _) in headers.headers { self.trailers.add(name: name, value: value) }
            return nil
        default:
            return nil
        }
    }

    /// Lets the body be read past ``HTTPServerConfiguration/maxRequestBodySize``, for a
    /// responder that reads a long-lived stream piece by piece and bounds what it holds itself
    /// (gRPC: one message at a time, each reserved with ``reserve(_:)``).
    public func removeLengthLimit() {
        self.limit = .max
    }

    /// Reserves `bytes` the responder holds from the server's budget for request bodies;
    /// whatever is still reserved when the responder returns is released then.
    /// - Throws: ``HTTP2RequestBodyError`` when the budget cannot take them (the transport
    ///   answers it, or the responder does).
    public func reserve(_ bytes: Int) throws(HTTP2RequestBodyError) {
        guard self.budget.reserve(bytes) else {
            throw HTTP2RequestBodyError.overBudget(self.budget, bytes: bytes)
        }
        self.reserved += bytes
    }

    /// Gives back `bytes` reserved with ``reserve(_:)`` that the responder no longer holds.
    public func release(_ bytes: Int) {
        let released = min(bytes, self.reserved)
        self.budget.release(released)
        self.reserved -= released
    }

    /// The whole (rest of the) body in one array, each piece reserved from the server's body
    /// budget before it is kept.
    /// - Throws: ``HTTP2RequestBodyError`` past the size limit or the budget.
    public func collect() async throws -> [UInt8] {
        var body: [UInt8] = []
        while let piece = try await self.next() {
            guard self.budget.reserve(piece.count) else {
                throw HTTP2RequestBodyError.overBudget(self.budget, bytes: body.count + piece.count)
            }
            self.reserved += piece.count
            body.append(contentsOf: piece)
        }
        return body
    }
}
