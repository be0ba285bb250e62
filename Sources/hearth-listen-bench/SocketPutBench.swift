import HearthTesting

/// Put acknowledgements per second over one WebSocket connection, as an SDK pipelines its
/// writes: `window` puts in flight at all times (each sent when one is acknowledged), for
/// `seconds`, each setting one of 100 children of `/acked`. Every acknowledgement means the
/// write is durable, as over REST.
enum SocketPutBench {
    static let window = 64

    /// Acknowledgements per second, and how many puts were acknowledged.
    static func run(port: Int, namespace: String, seconds: Int) throws -> (perSecond: Double, acknowledged: Int) {
        let connection = try RawHTTPConnection(port: port, timeout: .seconds(60))
        defer { connection.close() }
        try connection.send(
            "GET /.ws?v=5&ns=\(namespace) HTTP/1.1\r\nHost: bench\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        guard try connection.readResponseHead().status == 101 else { throw BenchError(message: "the WebSocket upgrade was refused") }
        _ = try SocketFrame.read(from: connection)  // the hello
        func put(_ number: Int) throws {
            try connection.send(SocketFrame.masked(Array(#"{"t":"d","d":{"r":\#(number),"a":"p","b":{"p":"/acked/d\#(number % 100)","d":\#(number)}}}"#.utf8)))
        }
        let started = Monotonic.now()
        let deadline = started + UInt64(seconds) * 1_000_000_000
        var sent = 0
        var acknowledged = 0
        while sent < Self.window {
            sent += 1
            try put(sent)
        }
        while acknowledged < sent {
            let reply = try SocketFrame.read(from: connection)
            guard reply.starts(with: Array(#"{"t":"d","d":{"r":"#.utf8)) else { continue }
            guard String(decoding: reply, as: UTF8.self).contains(#""s":"ok""#) else {
                throw BenchError(message: "a put was refused: \(String(decoding: reply, as: UTF8.self))")
            }
            acknowledged += 1
            if Monotonic.now() < deadline {
                sent += 1
                try put(sent)
            }
        }
        let elapsed = Double(Monotonic.now() - started) / 1e9
        return (Double(acknowledged) / elapsed, acknowledged)
    }
}
