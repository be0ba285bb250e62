import Foundation
import HearthJSON

/// A rules test file of either kind, told apart by the member naming its rules: `"rules"` for a
/// Firestore rules file (``RulesTestFile``), `"database"` for a Realtime Database one
/// (``DatabaseRulesTestFile``). Both are described in rules/README.md.
public enum RulesTestDocument: Sendable {
    case firestore(RulesTestFile)
    case database(DatabaseRulesTestFile)

    /// Reads and decodes a test file of either kind.
    /// - Throws: `RulesTestFileError` naming the file (and the case and member for malformed
    ///   content), or the JSON syntax error with its line and column.
    public static func load(_ path: String) throws(RulesTestFileError) -> RulesTestDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw RulesTestFileError("\(path): error: \(reason).")
        }
        return try self.decode(Array(data), path: path)
    }

    /// Decodes a test file's text; `path` names it in errors and anchors a relative rules path.
    static func decode(_ bytes: [UInt8], path: String) throws(RulesTestFileError) -> RulesTestDocument {
        let json = try self.parse(bytes, path: path)
        guard case .object(let top) = json else { return .firestore(try RulesTestFile.decode(json, path: path)) }
        switch (top["rules"] != nil, top["database"] != nil) {
        case (true, true):
            throw RulesTestFileError(
                "\(path): error: name either \"rules\" (Firestore rules) or \"database\" (Realtime Database rules), not both")
        case (false, true):
            return .database(try DatabaseRulesTestFile.decode(json, path: path))
        case (true, false):
            return .firestore(try RulesTestFile.decode(json, path: path))
        case (false, false):
            throw RulesTestFileError(
                "\(path): error: name the rules under test: \"rules\": \"firestore.rules\" (Firestore) or "
                    + "\"database\": \"database.rules.json\" (Realtime Database)")
        }
    }

    /// The file's JSON; a syntax error is reported with its line and column.
    static func parse(_ bytes: [UInt8], path: String) throws(RulesTestFileError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw RulesTestFileError("\(path):\(error.line):\(error.column): error: not valid JSON: \(error.message)")
        }
    }
}
