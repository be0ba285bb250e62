import NIOCore
import NIOHPACK

/// One HTTP/2 exchange over a raw socket with prior knowledge: the client's preface, SETTINGS and
/// frames, exactly as a gRPC client sends them, and the server's frames read back (header
/// blocks decoded with NIO's HPACK decoder).
public struct HTTP2Exchange: Sendable {
    /// Every frame read, in order.
    public var frames: [RawHTTP2Frame] = []
    /// The decoded header blocks of stream 1, in order (response head, then trailers if any).
    public var headerBlocks: [[HeaderField]] = []
    /// The DATA bytes of stream 1.
    public var body: [UInt8] = []

    /// One decoded header field.
    public typealias HeaderField = (name: String, value: String)

    /// The first header block's field named `name`.
    public func head(_ name: String) -> String? { self.headerBlocks.first?.first { $0.0 == name }?.1 }

    /// The last header block's field named `name` (the trailers, or a trailers-only head).
    public func trailer(_ name: String) -> String? { self.headerBlocks.last?.first { $0.0 == name }?.1 }

    /// Sends the preface, an empty SETTINGS, and `frames`; reads until stream 1 ends (or is reset).
    public static func run(port: Int, _ frames: [RawHTTP2Frame]) throws -> HTTP2Exchange {
        let connection = try RawHTTPConnection(port: port)
        defer { connection.close() }
        var bytes = RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
        for frame in frames { bytes += frame.bytes }
        try connection.send(bytes)
        var exchange = HTTP2Exchange()
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator())
        while true {
            let frame = try connection.readHTTP2Frame()
            exchange.frames.append(frame)
            if frame.type == RawHTTP2Frame.settings, frame.flags & RawHTTP2Frame.ack == 0 {
                try connection.send(RawHTTP2Frame(type: RawHTTP2Frame.settings, flags: RawHTTP2Frame.ack).bytes)
            }
            guard frame.stream == 1 else { continue }
            switch frame.type {
            case RawHTTP2Frame.headers:
                var block = ByteBuffer(bytes: frame.payload)
                let fields = try decoder.decodeHeaders(from: &block)
                exchange.headerBlocks.append(fields.map { (name: $0.name, value: $0.value) })
            case RawHTTP2Frame.data:
                exchange.body += frame.payload
            case RawHTTP2Frame.rstStream:
                return exchange
            default:
                break
            }
            if frame.flags & RawHTTP2Frame.endStream != 0 { return exchange }
        }
    }

    /// A request HEADERS frame on stream 1.
    public static func request(_ method: String, _ path: String, _ fields: [(String, String)] = [], endStream: Bool) -> RawHTTP2Frame {
        let block = RawHTTP2Frame.headersBlock(
            [(":method", method), (":scheme", "http"), (":path", path), (":authority", "127.0.0.1")] + fields)
        return RawHTTP2Frame(
            type: RawHTTP2Frame.headers, flags: RawHTTP2Frame.endHeaders | (endStream ? RawHTTP2Frame.endStream : 0),
            stream: 1, payload: block)
    }

    /// A DATA frame on stream 1.
    public static func data(_ bytes: [UInt8], endStream: Bool) -> RawHTTP2Frame {
        RawHTTP2Frame(type: RawHTTP2Frame.data, flags: endStream ? RawHTTP2Frame.endStream : 0, stream: 1, payload: bytes)
    }
}
