public import HearthHTTP
public import SwiftProtobuf

/// Where a streaming call's handler sends its response messages. `send` waits while the
/// client is not reading (HTTP/2 flow control), so memory stays bounded by the stream's
/// outbound buffer however fast the handler produces. `Sendable`: a bidi handler may send
/// from a task other than the one reading requests; sends are kept whole and in order.
public struct GRPCResponseStream<Message: SwiftProtobuf.Message>: Sendable {
    let sink: GRPCResponseSink

    /// Sends one message (the response head goes first, once).
    /// - Throws: when the stream is gone (the client reset it or disconnected).
    public func send(_ message: Message) async throws {
        try await self.sink.send(GRPCCodec.encode(message))
    }

    /// Sends messages already serialized and length-prefixed (each a 0 flag byte, a 4-byte
    /// big-endian length, the message), as one write: for a producer that encodes a message
    /// once and sends it on many calls (a Listen snapshot shared by a thousand streams).
    /// - Throws: when the stream is gone (the client reset it or disconnected).
    public func sendFramed(_ bytes: [UInt8]) async throws {
        try await self.sink.sendFramed(bytes)
    }

    /// The rest of the call's response as a body that never waits: for a producer feeding
    /// many calls at once (a Listen session), which sends whole length-prefixed messages
    /// (``frame(_:)``) and must not wait for any one client. Sent pieces leave in batches (one
    /// write per stream per window), at most `bound` bytes are held for a client that does not
    /// read (a refusal cuts the stream off: ``HTTP2StreamBody/isCutOff``), and the call's status
    /// goes out after whatever is still held. The response head is sent first.
    /// - Throws: when the stream is gone (the client reset it or disconnected).
    public func streamBody(bound: Int) async throws -> HTTP2StreamBody {
        try await self.sink.streamBody(bound: bound)
    }

    /// `message` serialized and length-prefixed, ready for ``sendFramed(_:)``.
    /// - Throws: ``GRPCStatus`` INTERNAL if it cannot be serialized.
    public static func frame(_ message: Message) throws(GRPCStatus) -> [UInt8] {
        GRPCMessageDeframer.frame(try GRPCCodec.encode(message))
    }
}
