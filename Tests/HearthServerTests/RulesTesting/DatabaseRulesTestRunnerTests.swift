import Foundation
import HearthJSON
import Logging
import Testing

@testable import HearthServer

/// `hearth rules test` on Realtime Database files: the repository's chat rules pass their
/// tests, a deliberately failing file yields exactly the failure lines a user would read, and
/// each operation reaches the rules the way the server's REST call does.
@Suite struct DatabaseRulesTestRunnerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized.path
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    static func path(_ relative: String) -> String { Self.root + "/" + relative }

    @Test func theRepositoryChatRulesPassTheirTests() async throws {
        let report = try await RulesTestRunner(logger: Self.logger).run(file: Self.path("rules/database.test.json"))
        #expect(report.failureLines == [])
        #expect(report.passed >= 30)
    }

    @Test func failingCasesAreReportedOneLineEachWithTheExplanation() async throws {
        let file = Self.path("Tests/RulesTestFiles/database-failing.test.json")
        let rules = Self.path("Tests/RulesTestFiles/notes.rules.json")
        let report = try await RulesTestRunner(logger: Self.logger).run(file: file)
        #expect(report.passed == 3)
        #expect(report.failed == 3)
        #expect(report.failureLines == [
            "\(file): case \"a stranger reads\": expected allow, got deny — no .read rule granted read of /notes/n1: "
                + "/rules/notes/.read (\(rules):6:16) at /notes: false; /rules/notes/$id/.read (\(rules):9:18) at /notes/n1: false",
            "\(file): case \"the owner is kept out\": expected deny, got allow — read allowed by /rules/notes/$id/.read (\(rules):9:18) at /notes/n1: true",
            "\(file): case \"a query on a child without .indexOn\": expected allow, got error — "
                + "400: Index not defined, add \".indexOn\": \"text\", for path \"/public\", to the rules",
        ])
    }

    /// Cases run against Tests/RulesTestFiles/notes.rules.json (seeded with alice's note n1 and
    /// the file's clock at 1750000000000, which reads see as `now` too), with the verdict each
    /// should get.
    static let cases: [(String, RulesTestVerdict)] = [
        (#""auth": "alice", "operation": "read", "path": "/notes/n1""#, .allow),
        (#""auth": "bob", "operation": "read", "path": "/notes/n1""#, .deny),
        (#""operation": "read", "path": "/notes/n1""#, .deny),
        (#""auth": "alice", "operation": "read", "path": "/notes", "query": {"orderBy": "owner", "equalTo": "alice"}"#, .allow),
        (#""auth": "alice", "operation": "read", "path": "/notes", "query": {"orderBy": "owner", "equalTo": "bob"}"#, .deny),
        (#""auth": "alice", "operation": "read", "path": "/notes""#, .deny),
        (#""auth": "alice", "operation": "set", "path": "/notes/n2", "value": {"owner": "alice", "savedAt": {".sv": "timestamp"}}"#, .allow),
        (#""auth": "alice", "operation": "set", "path": "/notes/n2", "value": {"owner": "alice", "savedAt": 1750000000000}"#, .allow),
        (#""auth": "alice", "operation": "set", "path": "/notes/n2", "value": {"owner": "alice", "savedAt": 1}"#, .deny),
        (#""auth": "bob", "operation": "set", "path": "/notes/n2", "value": {"owner": "alice", "savedAt": {".sv": "timestamp"}}"#, .deny),
        (#""auth": "alice", "operation": "push", "path": "/notes", "value": {"owner": "alice", "savedAt": {".sv": "timestamp"}}"#, .allow),
        (#""auth": "alice", "operation": "update", "path": "/notes/n1", "value": {"text": "edited", "savedAt": {".sv": "timestamp"}}"#, .allow),
        (#""auth": "alice", "operation": "update", "path": "/notes/n1", "value": {"text": "edited"}"#, .deny),
        (#""auth": "alice", "operation": "update", "path": "/", "value": {"notes/n2/owner": "alice", "notes/n2/savedAt": {".sv": "timestamp"}, "public/p2": 1}"#, .deny),
        (#""auth": "alice", "operation": "delete", "path": "/notes/n1", "seed": {"notes/n1/owner": null}"#, .deny),
        (#""auth": "bob", "operation": "delete", "path": "/notes/n1""#, .deny),
        (#""operation": "read", "path": "/clock""#, .allow),
    ]

    @Test(arguments: Self.cases)
    func eachOperationIsJudgedAsTheServerJudgesItsRESTCall(_ members: String, _ verdict: RulesTestVerdict) async throws {
        let text = #"{"database": "notes.rules.json", "now": 1750000000000, "seed": {"notes": {"n1": {"owner": "alice", "savedAt": 1}}}, "#
            + #""cases": [{"name": "c", "expect": "allow", "# + members + "}]}"
        guard case .database(let file) = try RulesTestDocument.decode(Array(text.utf8), path: Self.path("Tests/RulesTestFiles/x.test.json")) else {
            throw RulesTestFileError("not a database test file")
        }
        let outcome = try await DatabaseRulesTestRunner(logger: Self.logger).run(file).outcomes[0]
        guard case .verdict(let got, let explanation) = outcome.result else {
            Issue.record("expected a verdict, got \(outcome.result)")
            return
        }
        #expect(got == verdict, "\(explanation)")
        #expect(!explanation.isEmpty)
    }

    @Test func aMisspeltMemberMakesTheFileUnrunnableNamingTheCase() async throws {
        let file = Self.path("Tests/RulesTestFiles/database-malformed.test.json")
        await #expect {
            try await RulesTestRunner(logger: Self.logger).run(file: file)
        } throws: { error in
            (error as? RulesTestFileError)?.message
                == "\(file): error: case \"a misspelt member\": cases[1]: unknown member \"data\" (expected one of name, description, auth, operation, path, query, value, seed, expect)"
        }
    }

    @Test func rulesThatDoNotCompileMakeTheFileUnrunnableWithLineAndColumn() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-rtdb-rules-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{\n  \"rules\": {\n    \".read\": \"nosuch == 1\"\n  }\n}\n"
            .write(to: folder.appendingPathComponent("bad.rules.json"), atomically: true, encoding: .utf8)
        let test = folder.appendingPathComponent("bad.test.json").path
        try #"{"database": "bad.rules.json", "cases": [{"name": "c", "operation": "read", "path": "/", "expect": "deny"}]}"#
            .write(toFile: test, atomically: true, encoding: .utf8)
        await #expect {
            try await RulesTestRunner(logger: Self.logger).run(file: test)
        } throws: { error in
            let message = (error as? RulesTestFileError)?.message ?? ""
            return message.hasPrefix("\(test): error: The database rules file \(folder.path)/bad.rules.json does not compile")
                && message.contains("bad.rules.json:3:15: error: unknown variable 'nosuch'")
        }
    }

    @Test func aSeedTheRESTAPIWouldRefuseMakesTheFileUnrunnable() async throws {
        let deep = String(repeating: "{\"a\":", count: 33) + "1" + String(repeating: "}", count: 33)
        let text = #"{"database": "notes.rules.json", "seed": "# + deep + #", "cases": [{"name": "c", "operation": "read", "path": "/", "expect": "deny"}]}"#
        let path = Self.path("Tests/RulesTestFiles/x.test.json")
        await #expect {
            guard case .database(let file) = try RulesTestDocument.decode(Array(text.utf8), path: path) else { return }
            _ = try await DatabaseRulesTestRunner(logger: Self.logger).run(file)
        } throws: { error in
            (error as? RulesTestFileError)?.message.hasPrefix("\(path): error: seed: ") == true
        }
    }
}
