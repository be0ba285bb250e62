import NIOCore
import NIOHTTP2

/// The nine bytes before every frame's payload (RFC 9113 §4.1): a 24-bit length, the type, the
/// flags and a 31-bit stream id (the reserved high bit is ignored on read, zero on write).
struct HTTP2FrameHeader {
    static let size = 9

    var length: Int
    /// The raw type: ``HTTP2FrameType`` when it is one this server knows.
    var type: UInt8
    var flags: HTTP2FrameFlags
    var streamID: HTTP2StreamID

    init(length: Int, type: HTTP2FrameType, flags: HTTP2FrameFlags = [], streamID: HTTP2StreamID) {
        self.length = length
        self.type = type.rawValue
        self.flags = flags
        self.streamID = streamID
    }

    /// The header at `buffer`'s reader index, without reading it, or nil while fewer than nine
    /// bytes are there.
    init?(peeking buffer: ByteBuffer) {
        guard buffer.readableBytes >= Self.size else { return nil }
        let start = buffer.readerIndex
        let high = Int(buffer.getInteger(at: start, as: UInt16.self)!)
        let low = Int(buffer.getInteger(at: start + 2, as: UInt8.self)!)
        self.length = high << 8 | low
        self.type = buffer.getInteger(at: start + 3, as: UInt8.self)!
        self.flags = HTTP2FrameFlags(rawValue: buffer.getInteger(at: start + 4, as: UInt8.self)!)
        self.streamID = HTTP2StreamID(Int32(bitPattern: buffer.getInteger(at: start + 5, as: UInt32.self)! & 0x7FFF_FFFF))
    }

    func write(to buffer: inout ByteBuffer) {
        buffer.writeMultipleIntegers(
            UInt16(truncatingIfNeeded: self.length >> 8), UInt8(truncatingIfNeeded: self.length), self.type,
            self.flags.rawValue, UInt32(Int32(self.streamID)))
    }

    /// Rewrites the length of the header written at `index` (a header block's, known once encoded).
    static func setLength(_ length: Int, at index: Int, in buffer: inout ByteBuffer) {
        buffer.setInteger(UInt16(truncatingIfNeeded: length >> 8), at: index)
        buffer.setInteger(UInt8(truncatingIfNeeded: length), at: index + 2)
    }
}
