import HearthCore

/// Rules shared by collection and document IDs: validation and Firestore's key order.
///
/// Mirrors the ID limits on the Firestore quotas page and the segment comparator of
/// firebase-js-sdk `model/path.ts` (`BasePath.compareSegments`).
enum ResourceID {
    /// Checks one collection or document ID.
    ///
    /// Valid: non-empty, ≤ 1,500 UTF-8 bytes, no `/`, not `.` or `..`, not `__.*__` unless it is a
    /// numeric ID `__id<int64>__` (created by Datastore imports; `__id-9223372036854775808__` is the
    /// Node SDK's minimum key).
    /// - Parameter path: the whole path being validated, for the message.
    static func validate(_ id: String, in path: String) throws(FirestoreError) {
        if id.isEmpty {
            throw .invalidArgument("Invalid path \"\(path)\": a collection or document ID must not be empty.")
        }
        let byteCount = id.utf8.count
        if byteCount > FirestoreLimits.maxIDBytes {
            throw .invalidArgument(
                "Invalid path \"\(path)\": the ID \"\(id.prefix(64))…\" is \(byteCount) bytes, more than the maximum of \(FirestoreLimits.maxIDBytes) bytes."
            )
        }
        if id == "." || id == ".." {
            throw .invalidArgument("Invalid path \"\(path)\": \"\(id)\" is not a valid collection or document ID.")
        }
        if id.utf8.contains(UInt8(ascii: "/")) {
            throw .invalidArgument("Invalid path \"\(path)\": the ID \"\(id)\" must not contain \"/\".")
        }
        if Self.isReservedPattern(id), Self.numericValue(id) == nil {
            throw .invalidArgument(
                "Invalid path \"\(path)\": the ID \"\(id)\" is reserved (IDs matching __.*__ are not allowed)."
            )
        }
    }

    /// Checks a document ID: an ID, and no NUL (production refuses one, issue 35). Only
    /// document IDs: clients put a NUL after a collection ID to bound a range
    /// (google-cloud-firestore's recursive delete ends its query at `c\0/__id-9223372036854775808__`).
    static func validate(documentID id: String, in path: String) throws(FirestoreError) {
        try Self.validate(id, in: path)
        if id.utf8.contains(0) {
            throw .invalidArgument("Invalid path \"\(path)\": a document ID must not contain a NUL character (\\0).")
        }
    }

    /// Whether `name` matches `__.*__` (at least four characters, starting and ending with `__`).
    static func isReservedPattern(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard utf8.count >= 4 else { return false }
        return utf8.starts(with: [0x5F, 0x5F]) && utf8.reversed().starts(with: [0x5F, 0x5F])
    }

    /// The int64 of a numeric ID `__id<digits>__` (optional leading `-`), or `nil`.
    private static let numericPrefix: [UInt8] = Array("__id".utf8)

    static func numericValue(_ id: String) -> Int64? {
        let utf8 = id.utf8
        // Cheap rejection first: this runs on every segment comparison.
        guard utf8.first == 0x5F, utf8.count > 6 else { return nil }
        guard utf8.starts(with: Self.numericPrefix), utf8.reversed().starts(with: [0x5F, 0x5F]) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: 4)
        let end = utf8.index(utf8.endIndex, offsetBy: -2)
        guard let digits = String(utf8[start..<end]) else { return nil }
        guard digits.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }) else { return nil }
        return Int64(digits)
    }

    /// Firestore's order of two path segments: numeric IDs first (by value), then UTF-8 bytes.
    /// Distinct spellings of one numeric value (`__id1__`, `__id01__`) fall back to bytes so the
    /// order stays total and consistent with equality.
    static func compare(_ lhs: String, _ rhs: String) -> FirestoreOrdering {
        if lhs == rhs { return .same }
        let leftNumber = Self.numericValue(lhs)
        let rightNumber = Self.numericValue(rhs)
        switch (leftNumber, rightNumber) {
        case (let left?, let right?):
            return FirestoreOrdering(comparing: left, right).then(UTF8Order.compare(lhs, rhs))
        case (.some, .none):
            return .ascending
        case (.none, .some):
            return .descending
        case (.none, .none):
            return UTF8Order.compare(lhs, rhs)
        }
    }

    /// Segment-by-segment order of two paths; a proper prefix sorts first.
    static func compare(segments lhs: [String], _ rhs: [String]) -> FirestoreOrdering {
        for (left, right) in zip(lhs, rhs) {
            let order = Self.compare(left, right)
            if order != .same { return order }
        }
        return FirestoreOrdering(comparing: lhs.count, rhs.count)
    }

    /// Validates every segment and the depth limit of a relative path.
    static func validate(segments: [String]) throws(FirestoreError) {
        let path = segments.joined(separator: "/")
        for (index, segment) in segments.enumerated() {
            if index % 2 == 1 {
                try Self.validate(documentID: segment, in: path)
            } else {
                try Self.validate(segment, in: path)
            }
        }
        let collectionLevels = (segments.count + 1) / 2
        if collectionLevels > FirestoreLimits.maxCollectionDepth {
            throw .invalidArgument(
                "Invalid path \"\(path.prefix(200))…\": it has \(collectionLevels) collection levels, more than the maximum of \(FirestoreLimits.maxCollectionDepth)."
            )
        }
    }

    /// Splits a relative path `c/d/e` into segments; empty segments (leading, trailing or doubled
    /// slashes) are kept so validation reports them.
    static func split(_ relativePath: String) -> [String] {
        relativePath.slashSeparated()
    }
}
