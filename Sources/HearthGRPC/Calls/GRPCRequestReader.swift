import HearthHTTP

/// Reads a call's request messages off its HTTP/2 body: pieces in, through the deframer,
/// whole (inflated) messages out.
///
/// Memory: at most one message being assembled (``GRPCMessageDeframer``'s bound) plus one
/// DATA frame; the bytes it holds are reserved from the server's request-body budget and
/// given back as each message leaves, so all streams together stay within that budget.
///
/// Not `Sendable`: it owns the body, read by the task serving the stream.
final class GRPCRequestReader {
    private let body: HTTP2RequestBody
    private var deframer: GRPCMessageDeframer
    private let compression: GRPCCompression
    private var held = 0

    init(body: HTTP2RequestBody, compression: GRPCCompression, maxMessageSize: Int) {
        body.removeLengthLimit()
        self.body = body
        self.compression = compression
        self.deframer = GRPCMessageDeframer(maxMessageSize: maxMessageSize)
    }

    /// The next message's bytes, or nil once the client ended its side.
    /// - Throws: ``GRPCStatus`` for bad framing, an oversized or undecodable message, or a body
    ///   that ends inside a message; `HTTP2RequestBodyError` when the body budget is full;
    ///   the stream's error when it was reset.
    func next() async throws -> [UInt8]? {
        while true {
            if let message = try self.nextFramed() { return message }
            guard let piece = try await self.body.next() else { return try self.ended() }
            try self.append(piece)
        }
    }

    /// The next message's bytes if a whole one is here, the end, or `.pending`: never waits
    /// (``whenReadable(_:)`` wakes the caller).
    /// - Throws: as ``next()``.
    func nextIfReady() throws -> Polled<[UInt8]> {
        while true {
            if let message = try self.nextFramed() { return .value(message) }
            switch try self.body.nextIfReady() {
            case .value(let piece): try self.append(piece)
            case .ended: return try self.ended().map { .value($0) } ?? .ended
            case .pending: return .pending
            }
        }
    }

    /// Calls `wake` once when ``nextIfReady()`` may have more to give (body bytes or the end
    /// arrived): now, if they have.
    func whenReadable(_ wake: @escaping @Sendable () -> Void) {
        self.body.whenReadable(wake)
    }

    /// The next whole message the deframer holds, inflated; its bytes go back to the budget.
    private func nextFramed() throws -> [UInt8]? {
        guard let frame = try self.deframer.next() else { return nil }
        self.body.release(self.held - self.deframer.bufferedCount)
        self.held = self.deframer.bufferedCount
        return try self.compression.message(of: frame, limit: self.deframer.maxMessageSize)
    }

    /// A piece of the body, reserved from the budget, into the deframer.
    private func append(_ piece: [UInt8]) throws(HTTP2RequestBodyError) {
        try self.body.reserve(piece.count)
        self.held += piece.count
        self.deframer.append(piece)
    }

    /// The client ended its side: nil, unless it ended inside a message.
    private func ended() throws(GRPCStatus) -> [UInt8]? {
        guard self.deframer.bufferedCount == 0 else {
            throw GRPCStatus(
                .internal,
                "The request ended inside a message (\(self.deframer.bufferedCount) bytes of a length-prefixed message were sent).")
        }
        return nil
    }

    /// The one request message of a unary or server-streaming call.
    /// - Throws: INTERNAL when there is none or more than one (what grpc-core answers).
    func single() async throws -> [UInt8] {
        guard let message = try await self.next() else {
            throw GRPCStatus(.internal, "The call's request message is missing: a unary call sends exactly one.")
        }
        guard try await self.next() == nil else {
            throw GRPCStatus(.internal, "More than one request message on a unary call: it takes exactly one.")
        }
        return message
    }
}
