import NIOCore
import NIOHPACK
import Testing

@testable import HearthHTTP

/// Hearth's HPACK decoder against NIO's encoder and decoder: header blocks NIO encodes (Huffman
/// coded or not, indexed into the dynamic table, evicted from it) decode to the same fields in
/// both, block after block on one connection; the RFC's own examples decode as it says; broken
/// blocks are errors.
@Suite struct HPACKHeaderDecoderTests {
    /// Every printable ASCII character and some UTF-8, in values long enough to evict.
    static let blocks: [[(String, String)]] = [
        [(":method", "POST"), (":scheme", "http"), (":path", "/google.firestore.v1.Firestore/Listen"), (":authority", "localhost:8080"),
         ("content-type", "application/grpc"), ("te", "trailers"), ("user-agent", "grpc-python/1.7 grpc-c/4 (linux; chttp2)"),
         ("authorization", "Bearer owner")],
        [(":method", "POST"), (":scheme", "http"), (":path", "/google.firestore.v1.Firestore/Listen"), (":authority", "localhost:8080"),
         ("content-type", "application/grpc"), ("te", "trailers"), ("user-agent", "grpc-python/1.7 grpc-c/4 (linux; chttp2)"),
         ("authorization", "Bearer owner"), ("x-goog-request-params", "database=projects/p/databases/(default)")],
        [(":method", "GET"), (":path", "/"), ("x-all", String((32...126).map { Character(UnicodeScalar(UInt8($0))) }))],
        [(":method", "GET"), (":path", "/ü"), ("x-utf8", "héllo wörld — ✓ 日本")],
        // Every byte value, so every symbol's code (5 to 30 bits): control characters, and
        // UTF-8's lead and continuation bytes.
        [(":method", "GET"), (":path", "/c"), ("x-control", String(decoding: Array(0...31) + [127], as: UTF8.self)),
         ("x-latin", String((0x80...0x7FF).map { Character(UnicodeScalar(UInt32($0))!) })),
         ("x-wide", "\u{800}\u{FFFD}\u{10000}\u{10FFFF}🙂")],
        (0..<40).map { ("x-fill-\($0)", String(repeating: "v", count: 100 + $0)) },
        [(":method", "POST"), (":path", "/again"), ("content-type", "application/grpc")],
    ]

    @Test(arguments: [true, false])
    func blocksOfNIOsEncoderDecodeAsNIOsDecoderDecodesThem(huffman: Bool) throws {
        var encoder = HPACKEncoder(allocator: ByteBufferAllocator(), useHuffmanEncoding: huffman)
        var theirs = HPACKDecoder(allocator: ByteBufferAllocator(), maxDynamicTableSize: 4_096, maxHeaderListSize: 1 << 20)
        var ours = HPACKHeaderDecoder(maxHeaderListSize: 1 << 20)
        for fields in Self.blocks + Self.blocks {
            var block = ByteBuffer()
            try encoder.encode(headers: HPACKHeaders(fields), to: &block)
            var copy = block
            let expected = try theirs.decodeHeaders(from: &copy)
            let decoded = try ours.decode(&block)
            #expect(decoded.map { "\($0.name): \($0.value)" } == expected.map { "\($0.name): \($0.value)" })
            #expect(decoded.map(\.name) == fields.map(\.0))
        }
    }

    /// Literals kept out of the dynamic table (as nghttp2 sends `:path` and `authorization`),
    /// Huffman-coded or not, decode the same on every request whether the connection's cache
    /// of them hits (the same path again), misses (a new one) or replaces its oldest entry
    /// (more paths than it holds).
    @Test(arguments: [HPACKIndexing.nonIndexable, .neverIndexed])
    func literalsKeptOutOfTheTableDecodeEveryTime(indexing: HPACKIndexing) throws {
        let paths = (0..<HPACKLiteralCache.capacity + 2).map { "/google.firestore.v1.Firestore/Method\($0)" } + ["/" + String(repeating: "p", count: 300)]
        let order = paths + paths.reversed() + paths + [paths[0], paths[0], paths[1], paths[0]]
        for huffman in [true, false] {
            var encoder = HPACKEncoder(allocator: ByteBufferAllocator(), useHuffmanEncoding: huffman)
            var ours = HPACKHeaderDecoder(maxHeaderListSize: 1 << 20)
            for (number, path) in order.enumerated() {
                var fields = HPACKHeaders([(":method", "POST")])
                fields.add(name: ":path", value: path, indexing: indexing)
                fields.add(name: "authorization", value: "Bearer token-\(number % 3)", indexing: indexing)
                var block = ByteBuffer()
                try encoder.encode(headers: fields, to: &block)
                let decoded = try ours.decode(&block)
                #expect(decoded.map { "\($0.name): \($0.value)" } == [":method: POST", ":path: \(path)", "authorization: Bearer token-\(number % 3)"])
            }
        }
    }

    /// Every one of the 256 byte values, Huffman-coded here bit by bit with the canonical code
    /// of RFC 7541's lengths (\0 is 13 bits 0x1ff8, '0' 5 bits 00000, as Appendix B lists),
    /// decodes to itself, forwards and backwards in one string.
    @Test func everyByteValueDecodes() throws {
        var next = 0
        var codes = [Int](repeating: 0, count: 257)
        for length in 1...30 {
            for symbol in 0..<257 where Int(HPACKHuffman.lengths[symbol]) == length {
                codes[symbol] = next
                next += 1
            }
            next <<= 1
        }
        #expect(codes[0] == 0x1ff8 && codes[48] == 0 && codes[256] == 0x3fff_ffff)
        let input = (0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init)
        var bits: [Bool] = []
        for byte in input {
            let length = Int(HPACKHuffman.lengths[Int(byte)])
            for position in stride(from: length - 1, through: 0, by: -1) { bits.append(codes[Int(byte)] >> position & 1 == 1) }
        }
        while bits.count % 8 != 0 { bits.append(true) }  // padding: the most significant bits of EOS
        let encoded = stride(from: 0, to: bits.count, by: 8).map { bits[$0..<$0 + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) } }
        #expect(try HPACKHuffman.decode(encoded) == input)
    }

    /// RFC 7541 Appendix C.4: three requests with Huffman coding, on one connection.
    @Test func theRFCsHuffmanExamplesDecode() throws {
        var decoder = HPACKHeaderDecoder(maxHeaderListSize: 1 << 20)
        let requests: [(String, [(String, String)])] = [
            ("828684418cf1e3c2e5f23a6ba0ab90f4ff",
             [(":method", "GET"), (":scheme", "http"), (":path", "/"), (":authority", "www.example.com")]),
            ("828684be5886a8eb10649cbf",
             [(":method", "GET"), (":scheme", "http"), (":path", "/"), (":authority", "www.example.com"), ("cache-control", "no-cache")]),
            ("828785bf408825a849e95ba97d7f8925a849e95bb8e8b4bf",
             [(":method", "GET"), (":scheme", "https"), (":path", "/index.html"), (":authority", "www.example.com"),
              ("custom-key", "custom-value")]),
        ]
        for (hex, fields) in requests {
            var block = ByteBuffer(bytes: Self.bytes(hex))
            let decoded = try decoder.decode(&block)
            #expect(decoded.map { "\($0.name): \($0.value)" } == fields.map { "\($0.0): \($0.1)" })
        }
    }

    @Test(arguments: [
        ("index 0", "80"),
        ("an index past both tables", "bf"),
        ("a string longer than its block", "400a616263"),
        ("a Huffman string padded with 8 bits", "4081ff"),
        ("Huffman padding that is not all ones", "408100"),
        ("EOS in a Huffman string", "4084ffffffff"),
        ("a table size update after a field", "8220"),
        ("a table size over 4,096", "3fe21f"),
        ("an integer cut short", "ff"),
    ])
    func brokenBlocksAreErrors(_ what: String, hex: String) {
        var decoder = HPACKHeaderDecoder(maxHeaderListSize: 1 << 20)
        var block = ByteBuffer(bytes: Self.bytes(hex))
        #expect(throws: HPACKDecodingError.self, "\(what)") { try decoder.decode(&block) }
    }

    @Test func aHeaderListPastTheLimitIsAnError() {
        var decoder = HPACKHeaderDecoder(maxHeaderListSize: 100)
        var block = ByteBuffer(bytes: [0x00, 0x01, 0x61, 0x7F, 0x00] + Array(repeating: UInt8(0x62), count: 127))
        #expect(throws: HPACKDecodingError.self) { try decoder.decode(&block) }
    }

    static func bytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
