import HearthFirestore
import HearthHTTP

/// The query-string parameters of a Firestore REST call, read as gRPC transcoding defines them.
///
/// Accepts lowerCamel and snake_case names alike (`mask.fieldPaths`, `mask.field_paths`), and
/// repeated keys for repeated fields. System parameters (`key`, `alt`, `$alt`, `prettyPrint`,
/// `$prettyPrint`, `fields`, `quotaUser`) and unknown names are ignored, as clients add them
/// freely. Parsing cost: one pass over the query items per request.
struct FirestoreParameters: Sendable {
    private var values: [String: [String]] = [:]

    init(_ query: URLQuery) {
        for item in query.items {
            self.values[Self.camelCased(item.name), default: []].append(item.value)
        }
    }

    func all(_ name: String) -> [String] { self.values[name] ?? [] }

    func first(_ name: String) -> String? { self.values[name]?.first }

    func contains(_ name: String) -> Bool { self.values[name] != nil }

    /// `mask.fieldPaths`: the fields to return; nil when absent (return everything).
    func fieldPaths(_ name: String) throws(FirestoreError) -> [FieldPath]? {
        guard let raw = self.values[name] else { return nil }
        var paths: [FieldPath] = []
        for text in raw {
            do {
                paths.append(try FieldPath(parsing: text))
            } catch {
                throw .invalidArgument("Invalid field path in '\(name)': \(error.message)")
            }
        }
        return paths
    }

    /// `currentDocument.exists` / `currentDocument.updateTime`.
    func precondition() throws(FirestoreError) -> Precondition? {
        let exists = try self.bool("currentDocument.exists")
        let updateTime = try self.timestamp("currentDocument.updateTime")
        switch (exists, updateTime) {
        case (nil, nil): return nil
        case (let exists?, nil): return .exists(exists)
        case (nil, let time?): return .updateTime(time)
        case (_?, _?):
            throw .invalidArgument("currentDocument may set exists or updateTime, not both.")
        }
    }

    func bool(_ name: String) throws(FirestoreError) -> Bool? {
        guard let text = self.first(name) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0", "": return false
        default: throw .invalidArgument("Invalid value at '\(name)' (TYPE_BOOL), \"\(text)\": expected true or false.")
        }
    }

    func int32(_ name: String) throws(FirestoreError) -> Int? {
        guard let text = self.first(name) else { return nil }
        guard let value = Int32(text) else {
            throw .invalidArgument("Invalid value at '\(name)' (TYPE_INT32), \"\(text)\": expected a whole number.")
        }
        return Int(value)
    }

    func timestamp(_ name: String) throws(FirestoreError) -> Timestamp? {
        guard let text = self.first(name) else { return nil }
        do {
            return try Timestamp(rfc3339: text).truncatedToMicroseconds()
        } catch {
            throw .invalidArgument("Invalid value at '\(name)' (google.protobuf.Timestamp), \"\(text)\": \(error.message)")
        }
    }

    /// `page_size` → `pageSize`, `mask.field_paths` → `mask.fieldPaths`.
    static func camelCased(_ name: String) -> String {
        guard name.contains("_") else { return name }
        var result = ""
        var upperNext = false
        for character in name {
            if character == "_" && !result.isEmpty && result.last != "." && result.last != "$" {
                upperNext = true
            } else {
                result.append(upperNext ? Character(character.uppercased()) : character)
                upperNext = false
            }
        }
        return result
    }
}
