/// The flag bits of RFC 9113 §6 this server reads or writes. One byte per frame; a bit's
/// meaning depends on the frame's type (END_STREAM and ACK share 0x1).
struct HTTP2FrameFlags: OptionSet {
    let rawValue: UInt8

    static let endStream = HTTP2FrameFlags(rawValue: 0x1)
    static let ack = HTTP2FrameFlags(rawValue: 0x1)
    static let endHeaders = HTTP2FrameFlags(rawValue: 0x4)
    static let padded = HTTP2FrameFlags(rawValue: 0x8)
    static let priority = HTTP2FrameFlags(rawValue: 0x20)
}
