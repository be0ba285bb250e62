import NIOCore
import NIOHPACK

/// Decodes a connection's request header blocks (RFC 7541), keeping the dynamic table the
/// client's encoder drives.
///
/// Why not NIO's `HPACKDecoder`: it copies the 61-entry static table into every connection and
/// sizes its dynamic table for 64 entries up front, 4.2 KiB per connection before a header is
/// read (heaptrack), which is most of an idle HTTP/2 connection. Here the static table is
/// shared and the dynamic table holds what the client put in it (a gRPC client's few hundred
/// bytes of repeated headers).
struct HPACKHeaderDecoder {
    /// The dynamic table's size limit this server allows (SETTINGS_HEADER_TABLE_SIZE, kept at
    /// its default).
    static let maxTableSize = 4_096

    private let maxHeaderListSize: Int
    /// The dynamic table, oldest entry first (index 62 is the last one).
    private var table: [(name: String, value: String)] = []
    private var tableSize = 0
    /// The size the client's last dynamic table size update set (at most ``maxTableSize``).
    private var tableLimit = HPACKHeaderDecoder.maxTableSize
    /// The client's recent Huffman-coded values of fields kept out of the table, decoded once each.
    private var literals = HPACKLiteralCache()

    init(maxHeaderListSize: Int) {
        self.maxHeaderListSize = maxHeaderListSize
    }

    /// The fields a request usually carries (gRPC clients send 8 to 14), room reserved up front.
    static let expectedFields = 16

    /// Decodes one whole header block.
    mutating func decode(_ block: inout ByteBuffer) throws(HPACKDecodingError) -> HPACKHeaders {
        var fields: [(String, String)] = []
        // Every field takes at least one byte of the block; a request has a dozen or so. Sized
        // once, the list is not regrown field by field (five allocations per gRPC call).
        fields.reserveCapacity(min(block.readableBytes, Self.expectedFields))
        var listSize = 0
        var first = true
        while let byte = block.getInteger(at: block.readerIndex, as: UInt8.self) {
            let field: (String, String)
            switch byte {
            case 0x80...:  // indexed field (§6.1)
                let index = try Self.integer(&block, prefix: 7)
                field = try self.entry(index)
            case 0x40...:  // literal with incremental indexing (§6.2.1)
                field = try self.literal(&block, prefix: 6, indexing: true)
                self.insert(field)
            case 0x20...:  // dynamic table size update (§6.3), only before the first field
                guard first else {
                    throw HPACKDecodingError("a dynamic table size update after a header field")
                }
                let size = try Self.integer(&block, prefix: 5)
                guard size <= Self.maxTableSize else {
                    throw HPACKDecodingError("a dynamic table size of \(size) exceeds SETTINGS_HEADER_TABLE_SIZE (\(Self.maxTableSize))")
                }
                self.tableLimit = size
                self.evict(toFit: 0)
                continue
            default:  // literal without indexing or never indexed (§6.2.2, §6.2.3)
                field = try self.literal(&block, prefix: 4, indexing: false)
            }
            first = false
            listSize += field.0.utf8.count + field.1.utf8.count + 32
            guard listSize <= self.maxHeaderListSize else {
                throw HPACKDecodingError("the header list exceeds \(self.maxHeaderListSize) bytes")
            }
            fields.append(field)
        }
        return HPACKHeaders(fields)
    }

    /// Field `index` of the static table (1 to 61), then the dynamic table (newest first).
    private func entry(_ index: Int) throws(HPACKDecodingError) -> (String, String) {
        let staticCount = HPACKStaticTable.entries.count
        if index >= 1, index <= staticCount { return HPACKStaticTable.entries[index - 1] }
        let dynamic = index - staticCount - 1
        guard index > 0, dynamic < self.table.count else {
            throw HPACKDecodingError("header index \(index) is in neither table (\(self.table.count) dynamic entries)")
        }
        return self.table[self.table.count - 1 - dynamic]
    }

    /// A literal field (§6.2); its value through ``literals`` when it stays out of the table.
    private mutating func literal(
        _ block: inout ByteBuffer, prefix: Int, indexing: Bool
    ) throws(HPACKDecodingError) -> (String, String) {
        let index = try Self.integer(&block, prefix: prefix)
        let name = index == 0 ? try Self.string(&block) : try self.entry(index).0
        guard !indexing else { return (name, try Self.string(&block)) }
        let (coded, huffman) = try Self.stringBytes(&block)
        guard huffman else { return (name, try Self.decoded(coded, huffman: false)) }
        if let value = self.literals.value(coded: coded) { return (name, value) }
        let value = try Self.decoded(coded, huffman: true)
        self.literals.remember(value, coded: coded)
        return (name, value)
    }

    /// Adds a field, evicting the oldest entries to fit (§4.4): one larger than the table
    /// empties it and is not added.
    private mutating func insert(_ field: (String, String)) {
        let size = field.0.utf8.count + field.1.utf8.count + 32
        self.evict(toFit: size)
        guard size <= self.tableLimit else { return }
        self.table.append(field)
        self.tableSize += size
    }

    private mutating func evict(toFit size: Int) {
        var drop = 0
        while self.tableSize + size > self.tableLimit, drop < self.table.count {
            let old = self.table[drop]
            self.tableSize -= old.name.utf8.count + old.value.utf8.count + 32
            drop += 1
        }
        if drop > 0 { self.table.removeFirst(drop) }
    }

    /// An integer with an N-bit prefix (§5.1); at most 2^28, far beyond any real index or length.
    static func integer(_ block: inout ByteBuffer, prefix: Int) throws(HPACKDecodingError) -> Int {
        guard let first = block.readInteger(as: UInt8.self) else { throw HPACKDecodingError("a header block ends inside an integer") }
        let limit = (1 << prefix) - 1
        var value = Int(first) & limit
        guard value == limit else { return value }
        var shift = 0
        while true {
            guard let byte = block.readInteger(as: UInt8.self) else {
                throw HPACKDecodingError("a header block ends inside an integer")
            }
            value += Int(byte & 0x7F) << shift
            shift += 7
            guard shift <= 28 else { throw HPACKDecodingError("an integer in a header block is too large") }
            if byte & 0x80 == 0 { return value }
        }
    }

    /// A string literal (§5.2), Huffman-coded or not.
    static func string(_ block: inout ByteBuffer) throws(HPACKDecodingError) -> String {
        let (bytes, huffman) = try Self.stringBytes(&block)
        return try Self.decoded(bytes, huffman: huffman)
    }

    /// The string a literal's bytes stand for.
    private static func decoded(_ bytes: ByteBuffer, huffman: Bool) throws(HPACKDecodingError) -> String {
        guard huffman else { return String(decoding: bytes.readableBytesView, as: UTF8.self) }
        return String(decoding: try HPACKHuffman.decode(bytes.readableBytesView), as: UTF8.self)
    }

    /// A string literal's bytes as sent, and whether they are Huffman-coded.
    private static func stringBytes(_ block: inout ByteBuffer) throws(HPACKDecodingError) -> (ByteBuffer, huffman: Bool) {
        guard let first = block.getInteger(at: block.readerIndex, as: UInt8.self) else {
            throw HPACKDecodingError("a header block ends before a string")
        }
        let length = try Self.integer(&block, prefix: 7)
        guard let bytes = block.readSlice(length: length) else {
            throw HPACKDecodingError("a string of \(length) bytes runs past its header block")
        }
        return (bytes, first & 0x80 != 0)
    }
}
