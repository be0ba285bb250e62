import Foundation
public import HearthFirestore
import HearthJSON

/// A declarative rules test file (`*.test.json`, described in rules/README.md): the rules
/// file it tests, seed documents, and cases with the verdict each expects.
public struct RulesTestFile: Sendable {
    /// The test file as named on the command line.
    public let path: String
    /// The rules file, resolved against the test file's folder when relative.
    public let rulesPath: String
    /// The database cases run against; `project` in the file, `demo-hearth` by default (the
    /// project `hearth token` mints tokens for).
    public let database: DatabaseID
    /// Written, as the owner and without rules, into every case's fresh store.
    public let seed: [Write]
    public let cases: [RulesTestCase]

    init(path: String, rulesPath: String, database: DatabaseID, seed: [Write], cases: [RulesTestCase]) {
        self.path = path
        self.rulesPath = rulesPath
        self.database = database
        self.seed = seed
        self.cases = cases
    }

    /// Reads and decodes a test file.
    /// - Throws: `RulesTestFileError` naming the file (and the case and member for malformed
    ///   content), or the JSON syntax error with its line and column.
    public static func load(_ path: String) throws(RulesTestFileError) -> RulesTestFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw RulesTestFileError("\(path): error: \(reason).")
        }
        return try self.decode(Array(data), path: path)
    }

    /// Decodes a test file's text; `path` names it in errors and anchors a relative rules path.
    static func decode(_ bytes: [UInt8], path: String) throws(RulesTestFileError) -> RulesTestFile {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw RulesTestFileError("\(path):\(error.line):\(error.column): error: not valid JSON: \(error.message)")
        }
        var decoder = RulesTestDecoder(file: path)
        return try decoder.file(json)
    }

    /// `rules` from the file, resolved against the test file's folder unless absolute.
    static func resolve(_ rules: String, against testFile: String) -> String {
        guard !rules.hasPrefix("/"), let slash = testFile.lastIndex(of: "/") else { return rules }
        return String(testFile[...slash]) + rules
    }
}
