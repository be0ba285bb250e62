import HearthFuzzing

/// Fuzzes the Realtime Database WebSocket protocol (`/.ws`): WebSocket frames and protocol
/// messages through the production pipeline as ``ConnectionHarness`` serves it (detection, the
/// upgrade, NIO's frame codec and aggregator, the message joiner, the request parser, the
/// service, the session's pushes, onDisconnect writes when the connection ends).
///
/// Input: a first byte choosing how the rest is read. Even: protocol messages, one per line,
/// each sent as a masked text frame (so split messages, counts, requests and data are mutated).
/// Odd: raw bytes after the upgrade request (so the frames themselves are mutated). The oracle
/// is the absence of crashes and hangs.
@main
enum DatabaseWebSocketHarness {
    static func main() {
        FuzzDriver.main(fuzzDatabaseWebSocketTestOneInput)
    }

    static let upgrade = Array(
        ("GET /.ws?v=5&ns=fuzz HTTP/1.1\r\nHost: 127.0.0.1:9000\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)

    /// A client's frame: masked (with a fixed key), as RFC 6455 requires of clients.
    static func maskedTextFrame(_ payload: ArraySlice<UInt8>) -> [UInt8] {
        var frame: [UInt8] = [0x81]
        let mask: [UInt8] = [0x11, 0x22, 0x33, 0x44]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    /// The bytes the client sends after its upgrade request.
    static func frames(for input: [UInt8]) -> [UInt8] {
        guard let mode = input.first else { return [] }
        let rest = input.dropFirst()
        if mode % 2 == 1 { return Array(rest) }
        return rest.split(separator: 0x0A, omittingEmptySubsequences: false).flatMap { Self.maskedTextFrame($0) }
    }
}

/// libFuzzer's entry point: one WebSocket connection's worth of client input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDatabaseWebSocketTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    BlockingTask.run {
        await ConnectionHarness.serve(DatabaseWebSocketHarness.upgrade, to: .database, later: DatabaseWebSocketHarness.frames(for: input))
    }
    return 0
}
