import NIOCore
import NIOHPACK
import Testing

@testable import HearthHTTP

/// Hearth's response HPACK encoder against NIO's decoder (an independent one, as a client's
/// is): block after block on one connection, every field decodes as sent; the fields every
/// response repeats are sent once as literals and then as one byte each; fields that change
/// stay literals; a client that lowers its table size is told so, and the table shrinks as the
/// client's does.
@Suite struct HPACKHeaderEncoderTests {
    static let head: [(String, String)] = [(":status", "200"), ("content-type", "application/grpc"), ("grpc-accept-encoding", "identity,gzip")]
    static let trailers: [(String, String)] = [("grpc-status", "0")]

    struct Connection {
        var encoder = HPACKHeaderEncoder()
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator(), maxDynamicTableSize: 4_096, maxHeaderListSize: 1 << 20)

        /// Encodes `fields`, decodes them as a client would; the block's bytes.
        mutating func send(_ fields: [(String, String)]) throws -> [UInt8] {
            var block = ByteBuffer()
            self.encoder.encode(HPACKHeaders(fields), into: &block)
            let bytes = Array(block.readableBytesView)
            let decoded = try self.decoder.decodeHeaders(from: &block)
            #expect(decoded.map { "\($0.name): \($0.value)" } == fields.map { "\($0.0): \($0.1)" })
            return bytes
        }
    }

    @Test func repeatedFieldsAreSentAsOneByteAfterTheFirstResponse() throws {
        var connection = Connection()
        let firstHead = try connection.send(Self.head)
        let firstTrailers = try connection.send(Self.trailers)
        #expect(firstHead.count > 30 && firstTrailers.count > 10)
        for _ in 0..<3 {
            // Newest entry first: grpc-status 62, grpc-accept-encoding 63, content-type 64.
            #expect(try connection.send(Self.head) == [0x88, 0xC0, 0xBF])
            #expect(try connection.send(Self.trailers) == [0xBE])
        }
    }

    @Test func fieldsThatChangeStayLiterals() throws {
        var connection = Connection()
        for length in [10, 20, 30] {
            let fields = [(":status", "200"), ("content-length", "\(length)"), ("etag", "\"v\(length)\""), ("content-type", "application/json")]
            let bytes = try connection.send(fields)
            #expect(bytes.contains(0x00))  // a literal without indexing
        }
        // Only content-type went into the table: it is index 62.
        #expect(try connection.send([("content-type", "application/json")]) == [0xBE])
    }

    @Test func everyStatusAndErrorDecodes() throws {
        var connection = Connection()
        for code in 0...16 {
            _ = try connection.send([(":status", "200"), ("content-type", "application/grpc")])
            _ = try connection.send([("grpc-status", "\(code)"), ("grpc-message", "failure number \(code): " + String(repeating: "x", count: code * 10))])
        }
        for status in ["201", "204", "404", "418", "500", "503"] {
            _ = try connection.send([(":status", status), ("content-type", "text/plain; charset=utf-8")])
        }
    }

    @Test func theTableStopsGrowingAtItsCap() throws {
        var connection = Connection()
        for number in 0..<100 {
            _ = try connection.send([("content-type", "application/x-\(number)-" + String(repeating: "t", count: 40))])
        }
        // The table is full, never evicted: the first type is still there, as index 62 + entries - 1.
        let first = try connection.send([("content-type", "application/x-0-" + String(repeating: "t", count: 40))])
        #expect(first.count == 1 && first[0] >= 0x80)
    }

    @Test(arguments: [0, 70, 200])
    func aSmallerClientTableIsAnnouncedAndEvictsAsTheClientDoes(size: Int) throws {
        var connection = Connection()
        _ = try connection.send(Self.head)
        _ = try connection.send(Self.trailers)
        connection.encoder.clientTableSize(size)
        let next = try connection.send(Self.head)
        #expect(next.first.map { $0 & 0xE0 } == 0x20)  // a dynamic table size update (§6.3) opens the block
        for _ in 0..<3 {
            _ = try connection.send(Self.head)
            _ = try connection.send(Self.trailers)
        }
        connection.encoder.clientTableSize(4_096)  // larger again: nothing to announce
        #expect(try connection.send(Self.trailers).first.map { $0 & 0xE0 } != 0x20)
    }
}
