public import HearthDatabase
import HearthJSON

/// A declarative Realtime Database rules test file (`*.test.json` with `"database"`, described
/// in rules/README.md): the `database.rules.json` it tests, the data every case starts from,
/// and cases with the verdict each expects.
public struct DatabaseRulesTestFile: Sendable {
    /// The test file as named on the command line.
    public let path: String
    /// The rules file, resolved against the test file's folder when relative.
    public let rulesPath: String
    /// The project of `auth.token` (`aud`, `iss`); `demo-hearth` by default.
    public let project: String
    /// The server clock for every case, in milliseconds since the epoch (rules' `now` and
    /// `{".sv": "timestamp"}`); nil: the real clock.
    public let now: Int64?
    /// The whole tree, written at the root as the owner and without rules before each case.
    public let seed: DatabaseWriteData?
    public let cases: [DatabaseRulesTestCase]

    init(path: String, rulesPath: String, project: String, now: Int64?, seed: DatabaseWriteData?, cases: [DatabaseRulesTestCase]) {
        self.path = path
        self.rulesPath = rulesPath
        self.project = project
        self.now = now
        self.seed = seed
        self.cases = cases
    }

    static func decode(_ json: JSONValue, path: String) throws(RulesTestFileError) -> DatabaseRulesTestFile {
        var decoder = DatabaseRulesTestDecoder(file: path)
        return try decoder.file(json)
    }
}
