/// A streaming JSON encoder that appends UTF-8 to a byte buffer.
///
/// Used on the hot path (GetDocument, RunQuery) to write responses without building a
/// ``JSONValue`` tree first. Commas, colons and (in pretty mode) newlines are inserted
/// automatically, so a caller only says what comes next. The writer does not check that calls are
/// balanced; misuse produces invalid JSON rather than a trap.
///
/// Strings escape only `"`, `\` and control characters (as Google's encoder does; `/` and non-ASCII
/// are written raw). Cost: amortised O(output) with no per-character allocation.
public struct JSONWriter: Sendable {
    /// The text written so far.
    public private(set) var bytes: [UInt8]

    private let pretty: Bool
    /// Pretty mode only: `"key" : value`, the Realtime Database's `print=pretty` layout.
    private let spaceBeforeColon: Bool
    /// Open containers.
    private var depth = 0
    /// True right after `begin…` (nothing written into the container yet).
    private var atContainerStart = true
    /// True right after `key(_:)`: the next value belongs to it, no separator needed.
    private var afterKey = false

    /// - Parameter spaceBeforeColon: with `pretty`, write `"key" : value` (the Realtime
    ///   Database's layout) instead of `"key": value`.
    public init(reservingCapacity capacity: Int = 256, pretty: Bool = false, spaceBeforeColon: Bool = false) {
        self.bytes = []
        self.bytes.reserveCapacity(capacity)
        self.pretty = pretty
        self.spaceBeforeColon = pretty && spaceBeforeColon
    }

    /// Hands over the text written so far and empties the buffer, keeping the nesting state,
    /// so a large document can be written to a file in pieces with bounded memory.
    public mutating func takeBytes() -> [UInt8] {
        defer { self.bytes.removeAll(keepingCapacity: true) }
        return self.bytes
    }

    // MARK: Structure

    public mutating func beginObject() {
        self.prepareForValue()
        self.bytes.append(UInt8(ascii: "{"))
        self.depth += 1
        self.atContainerStart = true
    }

    public mutating func endObject() {
        self.closeContainer(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        self.prepareForValue()
        self.bytes.append(UInt8(ascii: "["))
        self.depth += 1
        self.atContainerStart = true
    }

    public mutating func endArray() {
        self.closeContainer(UInt8(ascii: "]"))
    }

    /// Writes an object member's key and colon; the next value call writes its value.
    public mutating func key(_ key: String) {
        if !self.atContainerStart {
            self.bytes.append(UInt8(ascii: ","))
        }
        if self.pretty {
            self.newlineAndIndent()
        }
        self.atContainerStart = false
        self.appendQuoted(key)
        if self.spaceBeforeColon {
            self.bytes.append(UInt8(ascii: " "))
        }
        self.bytes.append(UInt8(ascii: ":"))
        if self.pretty {
            self.bytes.append(UInt8(ascii: " "))
        }
        self.afterKey = true
    }

    // MARK: Scalars

    public mutating func string(_ value: String) {
        self.prepareForValue()
        self.appendQuoted(value)
    }

    public mutating func number(_ value: JSONNumber) {
        self.prepareForValue()
        self.bytes.append(contentsOf: value.text.utf8)
    }

    public mutating func integer(_ value: Int64) {
        self.prepareForValue()
        if value >= 0, value < 10 {
            self.bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            self.bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// Writes a finite double in shortest round-trip form (see ``JSONNumber/init(_:)-(Double)``).
    /// A non-finite value has no JSON spelling and is written as `null`.
    public mutating func double(_ value: Double) {
        guard value.isFinite else {
            self.null()
            return
        }
        self.prepareForValue()
        self.bytes.append(contentsOf: JSONNumber(value).text.utf8)
    }

    public mutating func bool(_ value: Bool) {
        self.prepareForValue()
        if value {
            self.bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])  // true
        } else {
            self.bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])  // false
        }
    }

    public mutating func null() {
        self.prepareForValue()
        self.bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])  // null
    }

    /// Writes a whole ``JSONValue`` tree (recursively; depth is bounded by how it was parsed).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: self.null()
        case .bool(let bool): self.bool(bool)
        case .number(let number): self.number(number)
        case .string(let string): self.string(string)
        case .array(let elements):
            self.beginArray()
            for element in elements { self.value(element) }
            self.endArray()
        case .object(let object):
            self.beginObject()
            for member in object.members {
                self.key(member.key)
                self.value(member.value)
            }
            self.endObject()
        }
    }

    /// Splices already-encoded JSON in value position (e.g. a cached document body). The bytes are
    /// not checked; in pretty mode they are not re-indented.
    public mutating func rawValue(_ bytes: [UInt8]) {
        self.prepareForValue()
        self.bytes.append(contentsOf: bytes)
    }

    // MARK: Internals

    @inline(__always)
    mutating func appendRaw(_ byte: UInt8) {
        self.bytes.append(byte)
    }

    @inline(__always)
    mutating func appendRaw(_ first: UInt8, _ second: UInt8) {
        self.bytes.append(first)
        self.bytes.append(second)
    }

    @inline(__always)
    mutating func appendRaw(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: buffer)
    }

    @inline(__always)
    private mutating func prepareForValue() {
        if self.afterKey {
            self.afterKey = false
            return
        }
        if self.depth > 0 {
            if !self.atContainerStart {
                self.bytes.append(UInt8(ascii: ","))
            }
            if self.pretty {
                self.newlineAndIndent()
            }
        }
        self.atContainerStart = false
    }

    private mutating func closeContainer(_ bracket: UInt8) {
        self.depth -= 1
        if self.pretty, !self.atContainerStart {
            self.newlineAndIndent()
        }
        self.bytes.append(bracket)
        self.atContainerStart = false
        self.afterKey = false
    }

    private mutating func newlineAndIndent() {
        self.bytes.append(0x0A)
        for _ in 0..<(self.depth * 2) {
            self.bytes.append(0x20)
        }
    }
}
