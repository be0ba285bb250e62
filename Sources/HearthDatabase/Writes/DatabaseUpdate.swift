import HearthCore
public import HearthJSON

/// A validated multi-path update (PATCH): relative paths, each with its new data.
///
/// Mirrors the REST PATCH (`rtdb.md` §1.2): the body must be a JSON object; each key is a path
/// relative to the request location (`"a/b"` allowed, empty segments ignored); `null` deletes;
/// children not named stay as they are. Keys that overlap (one an ancestor of, or equal to,
/// another, e.g. `a` and `a/b`) are rejected as the JS SDK does, because the result would
/// depend on order. A key repeated verbatim keeps its last value, as `JSON.parse` does.
public struct DatabaseUpdate: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// Relative to the update's location; never the root.
        public let path: DatabasePath
        public let data: DatabaseWriteData

        public init(path: DatabasePath, data: DatabaseWriteData) {
            self.path = path
            self.data = data
        }
    }

    /// In body order (after dropping earlier duplicates); no two overlap.
    public let entries: [Entry]

    /// Validates entries built in code. - Throws: the overlap error.
    public init(_ entries: [Entry]) throws(DatabaseError) {
        try Self.checkOverlaps(entries)
        self.entries = entries
    }

    /// Parses and validates a PATCH body. - Throws: as ``DatabaseWriteData/init(body:)``, plus
    /// `Invalid data; couldn't parse JSON object. …` for a non-object and the overlap error.
    public init(body: [UInt8]) throws(DatabaseError) {
        if body.count > DatabaseWriteData.maxBodyBytes { throw .writeTooLarge }
        try self.init(json: DatabaseWriteData.parse(body), text: body)
    }

    /// Validates a parsed PATCH body (invalid keys are located in its compact serialization).
    public init(json: JSONValue) throws(DatabaseError) {
        try self.init(json: json, text: nil)
    }

    private init(json: JSONValue, text: [UInt8]?) throws(DatabaseError) {
        guard let object = json.objectValue else { throw .updateNotAnObject }
        var decoder = NodeDecoder(allowsServerValues: true)
        var entries: [(key: String, entry: Entry)] = []
        do {
            for member in object {
                let ordinal = decoder.takeKeyOrdinal()
                let path = try Self.path(member.key, ordinal: ordinal)
                let data = try decoder.decodeEntry(member.value)
                entries.removeAll { DatabasePath.same($0.key, member.key) }
                entries.append((member.key, Entry(path: path, data: data)))
            }
        } catch {
            throw DatabaseWriteData.error(for: error, json: json, text: text)
        }
        try self.init(entries.map(\.entry))
    }

    private static func path(_ key: String, ordinal: Int) throws(NodeDecoder.Failure) -> DatabasePath {
        let segments = key.slashSeparated(omittingEmpty: true)
        if segments.isEmpty { throw .invalidKey(ordinal: ordinal) }
        for segment in segments {
            switch DatabaseKey.problem(with: segment) {
            case nil: continue
            case .tooLong: throw .invalid(.dataKeyTooLong)
            case .empty, .invalidCharacter: throw .invalidKey(ordinal: ordinal)
            }
        }
        if segments.count > DatabasePath.maxDepth { throw .invalid(.dataTooDeep) }
        return DatabasePath(unchecked: segments)
    }

    /// Sorting by segments puts every ancestor right before the paths it contains. O(n log n).
    private static func checkOverlaps(_ entries: [Entry]) throws(DatabaseError) {
        let paths = entries.map(\.path).sorted { lhs, rhs in
            for (a, b) in zip(lhs.segments, rhs.segments) {
                switch DatabaseOrdering.compareKeys(a, b) {
                case .ascending: return true
                case .descending: return false
                case .same: continue
                }
            }
            return lhs.count < rhs.count
        }
        for (previous, current) in zip(paths, paths.dropFirst()) where previous.contains(current) {
            throw .overlappingUpdate(previous, current)
        }
    }
}
