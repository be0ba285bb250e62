/// The frame types of RFC 9113 §6, as the first byte after a frame's length. A type not listed
/// here is read and ignored, as §4.1 requires of an extension a peer did not negotiate.
enum HTTP2FrameType: UInt8 {
    case data = 0x0
    case headers = 0x1
    case priority = 0x2
    case rstStream = 0x3
    case settings = 0x4
    case pushPromise = 0x5
    case ping = 0x6
    case goAway = 0x7
    case windowUpdate = 0x8
    case continuation = 0x9
}
