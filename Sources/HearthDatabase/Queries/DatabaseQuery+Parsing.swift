import HearthJSON

extension DatabaseQuery {
    /// Parses the query parameters of a GET (values URL-decoded, JSON-encoded as the REST API
    /// wants: `orderBy="$key"`, `startAt="a"`, `startAt=5,"key"`).
    ///
    /// Checks, in this order, with Firebase's texts where known (`rtdb.md` §1.5):
    /// `orderBy` must be a JSON string naming `$key`, `$value`, `$priority` or a valid child path;
    /// any filter or limit needs `orderBy` (except a limit with `shallow=true`, which firebase-tools'
    /// export sends to the emulator and which then orders by key); bounds must be JSON primitives;
    /// limits non-negative integers; `equalTo` excludes the other bounds; at most one start, one
    /// end and one limit; `$key` bounds are strings without a key suffix; `$priority` bounds are
    /// not booleans. `shallow` is honoured with any other parameter (the emulator allows it).
    public init(parameters: [String: String]) throws(DatabaseError) {
        self.init(shallow: parameters["shallow"] == "true")
        if let orderBy = parameters["orderBy"] { self.index = try Self.parseIndex(orderBy) }
        let names = ["startAt", "startAfter", "endAt", "endBefore", "equalTo", "limitToFirst", "limitToLast"]
        let given = names.filter { parameters[$0] != nil }
        if self.index == nil, !given.isEmpty {
            guard self.shallow, given.allSatisfy({ $0.hasPrefix("limit") }) else { throw .orderByRequired }
            self.index = .key
        }
        let bounds = try Self.parseBounds(parameters)
        if let first = parameters["limitToFirst"] { self.limit = .first(try Self.parseLimit(first, "limitToFirst")) }
        if let last = parameters["limitToLast"] {
            if self.limit != nil { throw .bothLimits }
            self.limit = .last(try Self.parseLimit(last, "limitToLast"))
        }
        if bounds.equalTo != nil, bounds.startAt != nil || bounds.startAfter != nil || bounds.endAt != nil || bounds.endBefore != nil {
            throw .equalToWithRange
        }
        if bounds.startAt != nil, bounds.startAfter != nil { throw .duplicateBound("startAfter", "startAt") }
        if bounds.endAt != nil, bounds.endBefore != nil { throw .duplicateBound("endBefore", "endAt") }
        for bound in [bounds.startAt, bounds.startAfter, bounds.endAt, bounds.endBefore, bounds.equalTo].compactMap({ $0 }) {
            try self.check(bound)
        }
        if let (value, key) = bounds.equalTo {
            self.isEquality = true
            self.start = QueryBound(value: value, key: key.map(QueryBound.Key.name) ?? .min, inclusive: true)
            self.end = QueryBound(value: value, key: key.map(QueryBound.Key.name) ?? .max, inclusive: true)
        }
        if let (value, key) = bounds.startAt { self.start = QueryBound(value: value, key: key.map(QueryBound.Key.name) ?? .min, inclusive: true) }
        if let (value, key) = bounds.startAfter { self.start = QueryBound(value: value, key: key.map(QueryBound.Key.name) ?? .max, inclusive: false) }
        if let (value, key) = bounds.endAt { self.end = QueryBound(value: value, key: key.map(QueryBound.Key.name) ?? .max, inclusive: true) }
        if let (value, key) = bounds.endBefore { self.end = QueryBound(value: value, key: key.map(QueryBound.Key.name) ?? .min, inclusive: false) }
    }

    typealias Bound = (value: DatabaseNode, key: String?)

    private static func parseBounds(_ parameters: [String: String]) throws(DatabaseError)
        -> (startAt: Bound?, startAfter: Bound?, endAt: Bound?, endBefore: Bound?, equalTo: Bound?)
    {
        func bound(_ name: String) throws(DatabaseError) -> Bound? {
            guard let text = parameters[name] else { return nil }
            return try Self.parseBound(text)
        }
        return (try bound("startAt"), try bound("startAfter"), try bound("endAt"), try bound("endBefore"), try bound("equalTo"))
    }

    private func check(_ bound: Bound) throws(DatabaseError) {
        switch self.index {
        case .key:
            guard case .string? = bound.value.leaf, bound.key == nil else { throw .keyBoundNotString }
        case .priority:
            if case .bool? = bound.value.leaf { throw .priorityBoundInvalid }
        default:
            break
        }
    }

    static func parseIndex(_ text: String) throws(DatabaseError) -> Index {
        guard let json = try? JSONParser.parse(text), let name = json.stringValue else { throw .orderByInvalid }
        switch name {
        case "$key": return .key
        case "$value": return .value
        case "$priority": return .priority
        default:
            guard let path = try? DatabasePath(name), !path.isRoot else { throw .orderByInvalid }
            return .child(path)
        }
    }

    /// `v` or `v,"key"` with `v` a JSON primitive and `key` a JSON string.
    static func parseBound(_ text: String) throws(DatabaseError) -> Bound {
        if let value = Self.primitive(text) { return (value, nil) }
        let utf8 = Array(text.utf8)
        for index in utf8.indices.reversed() where utf8[index] == UInt8(ascii: ",") {
            guard let value = Self.primitive(String(decoding: utf8[..<index], as: UTF8.self)),
                let key = try? JSONParser.parse(Array(utf8[(index + 1)...])), let name = key.stringValue
            else { continue }
            return (value, name)
        }
        throw .constraintNotPrimitive
    }

    private static func primitive(_ text: String) -> DatabaseNode? {
        guard let json = try? JSONParser.parse(text) else { return nil }
        if json.isNull { return .empty }
        guard let leaf = try? NodeDecoder.leaf(json) else { return nil }
        return DatabaseNode(leaf)
    }

    private static func parseLimit(_ text: String, _ name: String) throws(DatabaseError) -> Int {
        guard let limit = Int(text), limit >= 0 else { throw .invalidLimit(name) }
        return limit
    }
}
