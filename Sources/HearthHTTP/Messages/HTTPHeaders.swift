/// An ordered list of header fields, as (name, value) pairs.
///
/// Order and duplicates are kept exactly as received or added, because some fields
/// (`Set-Cookie`, `Vary`) are meaningful per occurrence. Name lookups compare ASCII
/// case-insensitively without allocating, and are linear in the number of fields; requests
/// carry a dozen or so, so a list beats a dictionary here.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    private var fields: [Element]

    /// Creates an empty header list.
    public init() {
        self.fields = []
    }

    /// Creates a header list from pairs, keeping their order.
    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { self.fields.count }

    /// Whether there are no fields at all.
    public var isEmpty: Bool { self.fields.isEmpty }

    /// The value of the first field named `name` (case-insensitive), or `nil`.
    public subscript(_ name: String) -> String? {
        for field in self.fields where HTTPHeaders.namesEqual(field.name, name) {
            return field.value
        }
        return nil
    }

    /// Every value of the fields named `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        self.fields.lazy.filter { HTTPHeaders.namesEqual($0.name, name) }.map(\.value)
    }

    /// Whether at least one field is named `name` (case-insensitive).
    public func contains(_ name: String) -> Bool {
        self.fields.contains { HTTPHeaders.namesEqual($0.name, name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        self.fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with a single one (at the position of the first), or
    /// appends it when there was none.
    public mutating func replaceOrAdd(name: String, value: String) {
        if let first = self.fields.firstIndex(where: { HTTPHeaders.namesEqual($0.name, name) }) {
            self.fields[first] = (name: name, value: value)
            var index = self.fields.index(after: first)
            while index < self.fields.endIndex {
                if HTTPHeaders.namesEqual(self.fields[index].name, name) {
                    self.fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        } else {
            self.fields.append((name: name, value: value))
        }
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(name: String) {
        self.fields.removeAll { HTTPHeaders.namesEqual($0.name, name) }
    }

    public func makeIterator() -> IndexingIterator<[Element]> {
        self.fields.makeIterator()
    }

    public var underestimatedCount: Int { self.fields.count }

    mutating func reserveCapacity(_ capacity: Int) {
        self.fields.reserveCapacity(capacity)
    }

    /// ASCII case-insensitive comparison of two field names, without allocation.
    static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                guard left.count == right.count else { return false }
                for index in 0..<left.count {
                    let a = left[index]
                    let b = right[index]
                    if a == b { continue }
                    // Different bytes match only when they are the two cases of one ASCII letter.
                    let lower = a | 0x20
                    guard lower == b | 0x20, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else {
                        return false
                    }
                }
                return true
            }
        }
    }
}

extension HTTPHeaders: Equatable {
    /// Two header lists are equal when they hold the same fields in the same order; names are
    /// compared case-insensitively, values exactly.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy {
                HTTPHeaders.namesEqual($0.name, $1.name) && $0.value == $1.value
            }
    }
}

extension HTTPHeaders: CustomStringConvertible {
    public var description: String {
        self.fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}
