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
            if let frame = try self.deframer.next() {
                self.body.release(self.held - self.deframer.bufferedCount)
                self.held = self.deframer.bufferedCount
                return try self.compression.message(of: frame, limit: self.deframer.maxMessageSize)
            }
            guard let piece = try await self.body.next() else {
                guard self.deframer.bufferedCount == 0 else {
                    throw GRPCStatus(
                        .internal,
                        "The request ended inside a message (\(self.deframer.bufferedCount) bytes of a length-prefixed message were sent).")
                }
                return nil
            }
            try self.body.reserve(piece.count)
            self.held += piece.count
            self.deframer.append(piece)
        }
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
