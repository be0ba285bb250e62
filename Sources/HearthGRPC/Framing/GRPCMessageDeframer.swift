/// Splits a gRPC request body into messages: each is a 1-byte compressed flag, a 4-byte
/// big-endian length and that many bytes (gRPC's HTTP/2 protocol, "Length-Prefixed-Message").
/// A pure state machine: bytes go in as the transport reads them, whole messages come out,
/// however the client split them into DATA frames.
///
/// Bounded: a message longer than ``maxMessageSize`` is refused from its 5-byte prefix, before
/// its bytes are buffered, so the deframer holds at most one message plus one read's bytes.
/// Compressed messages are inflated by ``GRPCCompression`` with the same bound.
struct GRPCMessageDeframer {
    /// One message as sent: its payload and whether the compressed flag was set.
    struct Frame: Equatable {
        var compressed: Bool
        var payload: [UInt8]
    }

    let maxMessageSize: Int
    private var buffer: [UInt8] = []
    private var start = 0

    init(maxMessageSize: Int) {
        self.maxMessageSize = maxMessageSize
    }

    /// Bytes received and not yet part of a returned message.
    var bufferedCount: Int { self.buffer.count - self.start }

    /// Takes bytes read from the body.
    mutating func append(_ bytes: [UInt8]) {
        if self.buffer.isEmpty {
            // The usual case (a request's one DATA frame): the piece becomes the buffer, uncopied.
            self.buffer = bytes
            self.start = 0
            return
        }
        if self.start > 0, self.start >= self.buffer.count / 2 {
            self.buffer.removeFirst(self.start)
            self.start = 0
        }
        self.buffer.append(contentsOf: bytes)
    }

    /// The next whole message, or nil until more bytes arrive.
    /// - Throws: RESOURCE_EXHAUSTED for a message over the size limit, INTERNAL for a flag
    ///   byte other than 0 or 1 (what grpc-core answers for both).
    mutating func next() throws(GRPCStatus) -> Frame? {
        guard self.bufferedCount >= 5 else { return nil }
        let flag = self.buffer[self.start]
        guard flag <= 1 else {
            throw GRPCStatus(.internal, "Malformed gRPC message: compressed flag \(flag) (expected 0 or 1).")
        }
        var length = 0
        for byte in self.buffer[(self.start + 1)..<(self.start + 5)] { length = length << 8 | Int(byte) }
        guard length <= self.maxMessageSize else {
            throw GRPCStatus(
                .resourceExhausted,
                "Received message larger than max (\(length) vs. \(self.maxMessageSize)); send smaller messages.")
        }
        guard self.bufferedCount >= 5 + length else { return nil }
        let payload = Array(self.buffer[(self.start + 5)..<(self.start + 5 + length)])
        self.start += 5 + length
        if self.start == self.buffer.count {
            self.buffer.removeAll(keepingCapacity: self.buffer.capacity <= 64 * 1024)
            self.start = 0
        }
        return Frame(compressed: flag == 1, payload: payload)
    }

    /// The length-prefixed form of one uncompressed message, as responses are sent.
    static func frame(_ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5 + payload.count)
        let length = UInt32(payload.count)
        bytes.append(0)
        bytes.append(UInt8(truncatingIfNeeded: length >> 24))
        bytes.append(UInt8(truncatingIfNeeded: length >> 16))
        bytes.append(UInt8(truncatingIfNeeded: length >> 8))
        bytes.append(UInt8(truncatingIfNeeded: length))
        bytes.append(contentsOf: payload)
        return bytes
    }
}
