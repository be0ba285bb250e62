/// Write-time validation of document data against Firestore's limits.
///
/// Production rejects these writes with INVALID_ARGUMENT; the Firebase emulator historically let
/// most of them through (firebase-tools #1899). Hearth enforces them so local tests catch what
/// production would reject.
extension MapValue {
    /// Checks these fields as the contents of document `documentName`:
    /// - nesting depth ≤ 20 (a top-level field is depth 1);
    /// - every map key non-empty, ≤ 1,500 bytes, not reserved (`__.*__`, except `__type__` in a
    ///   vector-shaped map), and every field path ≤ 1,500 bytes;
    /// - no array directly inside an array;
    /// - total document size ≤ 1 MiB.
    ///
    /// Keys are visited in UTF-8 order, so the reported field is deterministic. Cost: one walk of
    /// the data (stopping at depth 21), plus a size pass.
    /// - Throws: INVALID_ARGUMENT naming the offending field path.
    public func validateForWrite(documentName: DocumentName) throws(FirestoreError) {
        try Self.validateFields(self, path: "", pathBytes: 0, depth: 1)
        let size = self.storageSize(documentName: documentName)
        if size > FirestoreLimits.maxDocumentSize {
            throw .invalidArgument(
                "Document '\(documentName)' cannot be written because its size (\(Self.grouped(size)) bytes) exceeds the maximum allowed size of \(Self.grouped(FirestoreLimits.maxDocumentSize)) bytes."
            )
        }
    }

    /// As ``validateForWrite(documentName:)-(DocumentName)`` for a full document name given as text.
    /// - Throws: INVALID_ARGUMENT if the name does not parse, or the data is invalid.
    public func validateForWrite(documentName: String) throws(FirestoreError) {
        try self.validateForWrite(documentName: try DocumentName(parsing: documentName))
    }

    /// Validates the fields of a map whose own fields sit at `depth`.
    private static func validateFields(_ map: MapValue, path: String, pathBytes: Int, depth: Int) throws(FirestoreError) {
        let allowsType = map.vectorValues != nil
        for key in map.sortedKeys {
            let keyBytes = key.utf8.count
            let location = path.isEmpty ? "the document" : "'\(path)'"
            if keyBytes == 0 {
                throw .invalidArgument("Invalid field name '' in \(location): field names must not be empty.")
            }
            if keyBytes > FirestoreLimits.maxFieldNameBytes {
                throw .invalidArgument(
                    "Field name '\(key.prefix(64))…' in \(location) is longer than \(FirestoreLimits.maxFieldNameBytes) bytes."
                )
            }
            if ResourceID.isReservedPattern(key), !(allowsType && key == "__type__") {
                throw .invalidArgument(
                    "Field name '\(key)' in \(location) is reserved: names matching __.*__ are not allowed."
                )
            }
            let segment = FieldPath.quoteIfNeeded(key)
            let childPath = path.isEmpty ? segment : path + "." + segment
            let childBytes = path.isEmpty ? keyBytes : pathBytes + 1 + keyBytes
            if childBytes > FirestoreLimits.maxFieldPathBytes {
                throw .invalidArgument(
                    "Field path '\(childPath.prefix(100))…' is longer than \(FirestoreLimits.maxFieldPathBytes) bytes."
                )
            }
            try Self.validateValue(map.fields[key] ?? .null, path: childPath, pathBytes: childBytes, depth: depth, insideArray: false)
        }
    }

    private static func validateValue(
        _ value: FirestoreValue, path: String, pathBytes: Int, depth: Int, insideArray: Bool
    ) throws(FirestoreError) {
        if depth > FirestoreLimits.maxNestingDepth {
            throw .invalidArgument(
                "Field '\(path.prefix(300))' exceeds the maximum nesting depth of \(FirestoreLimits.maxNestingDepth)."
            )
        }
        switch value {
        case .array(let elements):
            if insideArray {
                throw .invalidArgument(
                    "Field '\(path)' is an array directly inside another array, which Firestore does not support."
                )
            }
            for (index, element) in elements.enumerated() {
                try Self.validateValue(element, path: path + "[\(index)]", pathBytes: pathBytes, depth: depth + 1, insideArray: true)
            }
        case .map(let map):
            try Self.validateFields(map, path: path, pathBytes: pathBytes, depth: depth + 1)
        default:
            break
        }
    }

    /// `1048576` → `1,048,576`, as production error messages print sizes.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number).utf8)
        var out: [UInt8] = []
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(digit)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
