/// The members of a JSON object in the order written, duplicates included.
///
/// RFC 8259 leaves duplicate keys to the reader, and proto3 JSON readers differ, so the parser keeps
/// them all and ``firstDuplicateKey`` lets a caller reject them. Lookups by key are linear scans:
/// Firestore payload objects are small (a `Value` has one member), and a hash index would cost more
/// to build than it saves.
public struct JSONObject: Sendable, Equatable, Sequence {
    /// One `"key": value` pair.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// All members in source order.
    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// The value of the first member named `key`, or `nil`. O(n).
    public subscript(_ key: String) -> JSONValue? {
        for member in self.members where member.key == key {
            return member.value
        }
        return nil
    }

    /// Keys in source order (duplicates included).
    public var keys: [String] { self.members.map(\.key) }

    public var count: Int { self.members.count }

    public var isEmpty: Bool { self.members.isEmpty }

    /// The first key that occurs a second time, or `nil` when all keys are distinct.
    /// O(n) with a set; keys compare as Swift strings.
    public var firstDuplicateKey: String? {
        if self.members.count < 2 { return nil }
        var seen = Set<String>()
        seen.reserveCapacity(self.members.count)
        for member in self.members where !seen.insert(member.key).inserted {
            return member.key
        }
        return nil
    }

    /// Appends a member (keeping any existing member with the same key).
    public mutating func append(key: String, value: JSONValue) {
        self.members.append(Member(key: key, value: value))
    }

    public func makeIterator() -> IndexingIterator<[Member]> {
        self.members.makeIterator()
    }
}
