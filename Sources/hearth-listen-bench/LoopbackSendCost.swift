#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What this host charges for one small loopback TCP send, the unit every listener row is made
/// of: at 10 writes/s each delivery is one such send, and at 200/s most of the server's kernel
/// time is these. Measured on `count` plain connections (no NIO, nobody waiting on the reading
/// end, so no reader's wake-up is in it): one `bytes`-byte write to each, timed, the messages
/// read back between rounds; the median round, per send.
///
/// Why: the same binary's listener figures move by a factor of two and more between hosts of
/// the same kind, and so does this figure (about 6 µs by `perf` where the loopback floor was
/// 4 to 6 ms, 15 µs where it was 8 to 11 ms), so a run's figures can be read against what its
/// host allowed.
enum LoopbackSendCost {
    static let rounds = 7

    /// Microseconds per send, or nil if the connections could not be made.
    static func measure(listening: Int32, port: Int, count: Int, bytes: Int) -> Double? {
        var pairs: [(writer: Int32, reader: Int32)] = []
        defer {
            for pair in pairs {
                close(pair.writer)
                close(pair.reader)
            }
        }
        for _ in 0..<count {
            guard let reader = Self.connect(port: port) else { return nil }
            guard let writer = LoopbackFloor.accept(listening) else {
                close(reader)
                return nil
            }
            pairs.append((writer, reader))
        }
        let message = [UInt8](repeating: UInt8(ascii: "x"), count: bytes)
        var sink = [UInt8](repeating: 0, count: max(bytes, 4096))
        var perSend: [Double] = []
        for _ in 0..<Self.rounds {
            let started = Monotonic.now()
            message.withUnsafeBytes { message in
                for pair in pairs { _ = write(pair.writer, message.baseAddress, bytes) }
            }
            perSend.append(Double(Monotonic.now() - started) / 1_000 / Double(count))
            sink.withUnsafeMutableBytes { sink in
                for pair in pairs { _ = read(pair.reader, sink.baseAddress, sink.count) }
            }
        }
        perSend.sort()
        return perSend[perSend.count / 2]
    }

    /// A blocking connection to 127.0.0.1:`port`.
    private static func connect(port: Int) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = LoopbackFloor.loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(socket)
            return nil
        }
        return socket
    }
}
