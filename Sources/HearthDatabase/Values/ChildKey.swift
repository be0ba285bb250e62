/// A child's key with its integer reading computed once, so sorting and binary search compare
/// keys without re-parsing them (the JS SDK's `tryParseInt` on every `nameCompare`).
///
/// Equality and hashing use the UTF-8 bytes: Firebase treats canonically equivalent but
/// differently encoded keys as different children.
struct ChildKey: Sendable, Hashable {
    let name: String
    /// The key's value when it matches `^-?(0*)\d{1,10}$` and fits in 32 bits.
    let integer: Int64?

    init(_ name: String) {
        self.name = name
        self.integer = Self.integerValue(of: name)
    }

    func compare(_ other: ChildKey) -> DatabaseOrdering {
        switch (self.integer, other.integer) {
        case (let a?, let b?):
            return DatabaseOrdering(comparing: a, b)
                .then(DatabaseOrdering(comparing: self.name.utf8.count, other.name.utf8.count))
                .then(DatabaseOrdering.compareStrings(self.name, other.name))
        case (.some, nil):
            return .ascending
        case (nil, .some):
            return .descending
        case (nil, nil):
            return DatabaseOrdering.compareStrings(self.name, other.name)
        }
    }

    static func == (lhs: ChildKey, rhs: ChildKey) -> Bool {
        DatabasePath.same(lhs.name, rhs.name)
    }

    func hash(into hasher: inout Hasher) {
        for byte in self.name.utf8 { hasher.combine(byte) }
    }

    /// `^-?(0*)\d{1,10}$` within [-2^31, 2^31 - 1], else nil.
    static func integerValue(of key: String) -> Int64? {
        var bytes = key.utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        while bytes.count > 1, bytes.first == UInt8(ascii: "0") { bytes = bytes.dropFirst() }
        guard (1...10).contains(bytes.count) else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        if negative { value = -value }
        return (Int64(Int32.min)...Int64(Int32.max)).contains(value) ? value : nil
    }
}
