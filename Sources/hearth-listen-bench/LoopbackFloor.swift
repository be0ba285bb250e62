import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The floor under the low-rate listener row (`--mode loopback-floor`), measured with no server
/// at all: `listeners` loopback TCP connections; `rate` times a second, two writer threads (as
/// Hearth's two event loops on two cores) each write one `bytes`-byte message to their half of
/// the sockets, stamped with the round's scheduled instant, and the benchmark's own kind of
/// reader (NIO channels on one event-loop thread, `FloorReader`) notes when each arrived.
///
/// Why: at 10 writes/s every delivery is its own socket write and its own read, and on two cores
/// shared with the load generator the kernel's loopback TCP alone takes milliseconds for a
/// thousand of them. This is what no server can beat on this machine with this load generator
/// (only the system calls: no HTTP, no JSON, no fan-out), printed beside Hearth's figure so the
/// two are compared from one run.
enum LoopbackFloor {
    /// Writer threads: Hearth's event loops on the benchmark's machine (2 cores).
    static let writerThreads = 2

    static func run(_ options: BenchOptions) throws {
        let (listening, port) = try Self.listen()
        defer { close(listening) }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let log = FloorReader.Log()
        let bootstrap = ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FloorReader(bytes: options.bytes, log: log))
                }
            }
        var clients: [any Channel] = []
        var servers: [Int32] = []
        defer {
            for client in clients { client.close(promise: nil) }
            for socket in servers { close(socket) }
        }
        for _ in 0..<options.listeners {
            let connecting = bootstrap.connect(host: "127.0.0.1", port: port)
            guard let accepted = Self.accept(listening) else { throw BenchError(message: "accept failed: errno \(errno)") }
            servers.append(accepted)
            clients.append(try connecting.wait())
        }
        let rounds = options.rate * options.seconds
        let interval = 1_000_000_000 / UInt64(options.rate)
        let start = Monotonic.now() + 20_000_000
        let expected = rounds * options.listeners
        BenchThreads.runAll((0..<Self.writerThreads).map { writer in
            let mine = stride(from: writer, to: servers.count, by: Self.writerThreads).map { servers[$0] }
            return { Self.write(to: mine, rounds: rounds, start: start, interval: interval, bytes: options.bytes) }
        })
        try? ListenBench.waitUntil("every message is read", seconds: 10) { log.count >= expected }
        let latencies = log.sorted
        print("loopback floor, no server: \(options.listeners) TCP sockets, \(Self.writerThreads) writer threads, the same reader as the listeners' (NIO, 1 thread), \(options.bytes)-byte messages, \(options.rate) rounds/s for \(options.seconds) s")
        print("write-to-read latency: p50 \(ListenBench.ms(latencies, 0.50)) ms, p99 \(ListenBench.ms(latencies, 0.99)) ms (\(latencies.count)/\(expected) messages)")
        if let cost = LoopbackSendCost.measure(listening: listening, port: port, count: options.listeners, bytes: options.bytes) {
            print("one \(options.bytes)-byte loopback TCP send, nobody waiting to read it: \(String(format2: cost)) µs (what this host charges for each delivery's send, at the least)")
        }
    }

    /// Each round, at its scheduled instant: one message to each of `sockets`.
    private static func write(to sockets: [Int32], rounds: Int, start: UInt64, interval: UInt64, bytes: Int) {
        var message = [UInt8](repeating: UInt8(ascii: "x"), count: bytes)
        for round in 0..<rounds {
            var stamp = start + UInt64(round) * interval
            Monotonic.sleep(until: stamp)
            withUnsafeBytes(of: &stamp) { message.replaceSubrange(0..<8, with: $0) }
            for socket in sockets {
                _ = message.withUnsafeBytes { Glibc.write(socket, $0.baseAddress, bytes) }
            }
        }
    }

    /// A listening socket on 127.0.0.1 and its port.
    private static func listen() throws -> (Int32, Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                Glibc.bind(socket, address, length) == 0 && Glibc.listen(socket, 4096) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard socket >= 0, bound else { throw BenchError(message: "could not listen on 127.0.0.1: errno \(errno)") }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// The next connection on `listening`, with Nagle off (as Hearth's sockets), or nil.
    static func accept(_ listening: Int32) -> Int32? {
        let accepted = Glibc.accept(listening, nil, nil)
        guard accepted >= 0 else { return nil }
        var one: Int32 = 1
        setsockopt(accepted, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return accepted
    }

    /// 127.0.0.1 at `port` (0: any), as `bind` and `connect` take it.
    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return address
    }
}
