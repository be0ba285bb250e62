/// A JSON number that keeps its literal text exactly as written.
///
/// Firestore's wire format carries int64 values that a `Double` cannot hold and doubles whose
/// spelling clients care about, so the text is the source of truth and the numeric views are
/// computed on demand. Equality compares the text: `1` and `1.0` are different literals.
public struct JSONNumber: Sendable, Equatable, CustomStringConvertible {
    /// The literal as it appears in JSON text (always valid RFC 8259 number syntax).
    public let text: String

    /// Trusted initialiser for text already checked against the grammar.
    init(unchecked text: String) {
        self.text = text
    }

    /// Validates `text` against the RFC 8259 number grammar; `nil` if it is not a JSON number.
    public init?(text: String) {
        guard Self.isValidLiteral(text.utf8) else { return nil }
        self.text = text
    }

    /// An integer, written in decimal.
    public init(_ value: Int64) {
        self.text = String(value)
    }

    /// An integer, written in decimal. Also makes `JSONNumber(5)` unambiguous (integer literals
    /// would otherwise match both the `Int64` and the `Double` initialisers).
    public init(_ value: Int) {
        self.text = String(value)
    }

    /// A finite double in its shortest round-trip spelling, with integral values written without
    /// a fraction (`3`, not `3.0`) as proto3 JSON and JavaScript do, and negative zero as `-0`.
    ///
    /// - Precondition: `value.isFinite` (JSON has no spelling for NaN or infinities).
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON cannot represent \(value)")
        // Swift's description is the shortest text that round-trips (SwiftDtoa); it switches to
        // exponent form ("1e+16", "5e-324") outside [2^-?, 2^53), both of which are valid JSON.
        var text = value.description
        if text.hasSuffix(".0") {
            text.removeLast(2)
        }
        self.text = text
    }

    public var description: String { self.text }

    /// Whether the literal has no fraction and no exponent (`-0` included).
    public var isIntegerLiteral: Bool {
        !self.text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as an `Int64` if the literal is an integer literal within range (`-0` gives 0);
    /// `nil` for `1.0`, `1e2` or anything beyond ±2^63.
    public var int64Value: Int64? {
        guard self.isIntegerLiteral else { return nil }
        return Int64(self.text)
    }

    /// The nearest `Double` (correctly rounded by the standard library's parser). Literals beyond
    /// the double range give ±infinity, tiny ones ±0.
    public var doubleValue: Double {
        Double(self.text) ?? .nan
    }

    /// The RFC 8259 grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isValidLiteral(_ utf8: some Collection<UInt8>) -> Bool {
        var iterator = utf8.makeIterator()
        var byte = iterator.next()
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if byte == UInt8(ascii: "-") { byte = iterator.next() }
        if byte == UInt8(ascii: "0") {
            byte = iterator.next()
        } else if isDigit(byte) {
            repeat { byte = iterator.next() } while isDigit(byte)
        } else {
            return false
        }
        if byte == UInt8(ascii: ".") {
            byte = iterator.next()
            guard isDigit(byte) else { return false }
            repeat { byte = iterator.next() } while isDigit(byte)
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = iterator.next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = iterator.next() }
            guard isDigit(byte) else { return false }
            repeat { byte = iterator.next() } while isDigit(byte)
        }
        return byte == nil
    }
}
