public import HearthFirestore
import HearthJSON

/// A declarative Firestore rules test file (`*.test.json` with `"rules"`, described in
/// rules/README.md): the rules file it tests, seed documents, and cases with the verdict each
/// expects.
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

    /// Decodes a Firestore test file's text; `path` names it in errors and anchors a relative
    /// rules path.
    static func decode(_ bytes: [UInt8], path: String) throws(RulesTestFileError) -> RulesTestFile {
        try self.decode(try RulesTestDocument.parse(bytes, path: path), path: path)
    }

    static func decode(_ json: JSONValue, path: String) throws(RulesTestFileError) -> RulesTestFile {
        var decoder = RulesTestDecoder(file: path)
        return try decoder.file(json)
    }

    /// `rules` from the file, resolved against the test file's folder unless absolute.
    static func resolve(_ rules: String, against testFile: String) -> String {
        guard !rules.hasPrefix("/"), let slash = testFile.lastIndex(of: "/") else { return rules }
        return String(testFile[...slash]) + rules
    }
}
