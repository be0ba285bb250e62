import HearthTesting

/// The bench client's WebSocket frames (RFC 6455 §5.2): text frames it sends, masked as a client
/// must, and server frames read off a blocking connection. Enough for the Realtime Database
/// protocol's messages; no extensions.
enum SocketFrame {
    /// A masked text frame carrying `payload`.
    static func masked(_ payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        return frame
    }

    /// The payload of the next server frame (unmasked, as servers send).
    static func read(from connection: RawHTTPConnection) throws -> [UInt8] {
        let header = try connection.read(exactly: 2)
        var length = Int(header[1] & 0x7F)
        if length == 126 {
            let extended = try connection.read(exactly: 2)
            length = Int(extended[0]) << 8 | Int(extended[1])
        } else if length == 127 {
            length = try connection.read(exactly: 8).reduce(0) { $0 << 8 | Int($1) }
        }
        return length > 0 ? try connection.read(exactly: length) : []
    }
}
