public import HearthJSON

/// How a node is rendered as JSON.
public enum DatabaseOutputFormat: Sendable, Hashable {
    /// What a plain GET returns: no priorities, and objects whose keys are all array indices
    /// rendered as arrays when dense enough (`rtdb.md` §1.6).
    case normal
    /// `format=export`: leaves with a priority as `{".value": v, ".priority": p}`, objects with a
    /// `".priority"` member, never arrays. What `GET /.json?format=export` returns.
    case export
}

extension DatabaseNode {
    /// Plain JSON data (no server values; `.priority` and `.value` honoured), e.g. an import.
    /// - Throws: the `Invalid data; …` texts; an invalid key is located in the compact JSON text.
    public init(json: JSONValue) throws(DatabaseError) {
        var decoder = NodeDecoder(allowsServerValues: false)
        do {
            self = try decoder.decode(json)
        } catch {
            throw DatabaseWriteData.error(for: error, json: json, text: nil)
        }
    }

    /// The node as JSON; `null` for the empty node. Members come in key order. O(size).
    public func json(_ format: DatabaseOutputFormat = .normal) -> JSONValue {
        switch self.content {
        case .leaf(let leaf):
            let value = leaf.json
            guard format == .export, let priority = self.priority else { return value }
            return .object(JSONObject([.init(key: ".value", value: value), .init(key: ".priority", value: priority.leaf.json)]))
        case .children(let children):
            if children.isEmpty { return .null }
            if format == .normal, let elements = Self.arrayElements(children) { return .array(elements) }
            var object = JSONObject()
            object.members.reserveCapacity(children.count + 1)
            for (key, child) in children { object.append(key: key, value: child.json(format)) }
            if format == .export, let priority = self.priority { object.append(key: ".priority", value: priority.leaf.json) }
            return .object(object)
        }
    }

    /// Compact JSON text of ``json(_:)``.
    public func serialized(_ format: DatabaseOutputFormat = .normal) -> [UInt8] {
        self.json(format).serialized()
    }

    /// Firebase's array heuristic (the JS SDK's `ChildrenNode.val`): every key matches
    /// `^(0|[1-9]\d*)$` and the largest is below twice the number of children. Holes are `null`.
    static func arrayElements(_ children: DatabaseChildren) -> [JSONValue]? {
        var largest = 0
        for (key, _) in children {
            guard let index = Self.arrayIndex(key) else { return nil }
            largest = max(largest, index)
        }
        guard largest < 2 * children.count else { return nil }
        var elements = [JSONValue](repeating: .null, count: largest + 1)
        for (key, child) in children { elements[Self.arrayIndex(key)!] = child.json(.normal) }
        return elements
    }

    /// The value of `key` if it is `0` or a decimal without leading zeros (bounded to 18 digits,
    /// far more than any array that passes the density test).
    private static func arrayIndex(_ key: String) -> Int? {
        let utf8 = key.utf8
        guard let first = utf8.first, utf8.count <= 18, first != UInt8(ascii: "0") || utf8.count == 1 else { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}

extension DatabaseLeaf {
    /// The leaf as a JSON primitive.
    public var json: JSONValue {
        switch self {
        case .bool(let bool): .bool(bool)
        case .number(let number): .number(number.json)
        case .string(let string): .string(string)
        }
    }
}
