import HearthTesting
import NIOCore
import NIOHPACK
import Testing

extension RawHTTPConnection {
    /// Reads HTTP/2 stream `stream` to its end (acknowledging the server's SETTINGS on the
    /// way): its DATA bytes and its header blocks, decoded, in order (the response head, then
    /// the trailers). Fails the test if the stream is reset instead of ended.
    func readToEnd(stream: UInt32 = 1) throws -> (data: [UInt8], headerBlocks: [[String: String]]) {
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator())
        var data: [UInt8] = []
        var blocks: [[String: String]] = []
        while true {
            let frame = try self.readHTTP2Frame()
            if frame.type == RawHTTP2Frame.settings, frame.flags & RawHTTP2Frame.ack == 0 {
                try self.send(RawHTTP2Frame(type: RawHTTP2Frame.settings, flags: RawHTTP2Frame.ack).bytes)
            }
            guard frame.stream == stream else { continue }
            try #require(frame.type != RawHTTP2Frame.rstStream, "the stream was reset instead of ended with a status")
            if frame.type == RawHTTP2Frame.data { data += frame.payload }
            if frame.type == RawHTTP2Frame.headers {
                var block = ByteBuffer(bytes: frame.payload)
                let fields = try decoder.decodeHeaders(from: &block)
                blocks.append(Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }))
            }
            if frame.flags & RawHTTP2Frame.endStream != 0 { return (data, blocks) }
        }
    }
}
