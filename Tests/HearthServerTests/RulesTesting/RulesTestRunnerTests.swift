import Foundation
import Logging
import Testing

@testable import HearthServer

/// `hearth rules test`'s runner on real files: the repository's own rules tests all pass, and
/// a deliberately failing file yields exactly the failure lines a user would read.
@Suite struct RulesTestRunnerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized.path
    static let runner = RulesTestRunner(logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))

    static func path(_ relative: String) -> String { Self.root + "/" + relative }

    @Test(arguments: ["events", "users", "conversations", "profiles", "database"])
    func repositoryRulesPassTheirTests(_ model: String) async throws {
        let report = try await Self.runner.run(file: Self.path("rules/\(model).test.json"))
        #expect(report.failureLines == [])
        #expect(report.passed > 10)
    }

    @Test func failingCasesAreReportedOneLineEachWithTheExplanation() async throws {
        let file = Self.path("Tests/RulesTestFiles/failing.test.json")
        let rules = Self.path("Tests/RulesTestFiles/notes.rules")
        let report = try await Self.runner.run(file: file)
        #expect(report.passed == 3)
        #expect(report.failed == 3)
        #expect(report.failureLines == [
            "\(file): case \"a stranger reads\": expected allow, got deny — get on notes/n1 was denied: \(rules):6: allow get → false",
            "\(file): case \"the owner is kept out\": expected deny, got allow — allowed by \(rules):6 for 'get'",
            "\(file): case \"a create over an existing note\": expected allow, got error — ALREADY_EXISTS: Document already exists: notes/n1",
        ])
    }

    @Test func aBatchIsJudgedAsOneCommitWithGetAfterSeeingEveryWrite() async throws {
        let report = try await Self.runner.run(file: Self.path("Tests/RulesTestFiles/failing.test.json"))
        let batch = try #require(report.outcomes.first { $0.name == "a note with its index entry" })
        #expect(batch.passed)
        let alone = try #require(report.outcomes.first { $0.name == "a note without its index entry" })
        #expect(alone.passed)
    }

    @Test func aMisspeltMemberMakesTheFileUnrunnableNamingTheCase() async throws {
        let file = Self.path("Tests/RulesTestFiles/malformed.test.json")
        await #expect {
            try await Self.runner.run(file: file)
        } throws: { error in
            (error as? RulesTestFileError)?.message
                == "\(file): error: case \"a misspelt member\": cases[1]: unknown member \"expected\" (expected one of name, description, auth, operation, path, data, query, writes, transaction, seed, expect)"
        }
    }

    @Test func rulesThatDoNotCompileMakeTheFileUnrunnable() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-rules-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "service cloud.firestore { match /databases/{d}/documents { allow nosuch: if true; } }"
            .write(to: folder.appendingPathComponent("bad.rules"), atomically: true, encoding: .utf8)
        let test = folder.appendingPathComponent("bad.test.json").path
        try #"{"rules": "bad.rules", "cases": [{"name": "c", "operation": "get", "path": "a/b", "expect": "deny"}]}"#
            .write(toFile: test, atomically: true, encoding: .utf8)
        await #expect {
            try await Self.runner.run(file: test)
        } throws: { error in
            let message = (error as? RulesTestFileError)?.message ?? ""
            return message.hasPrefix("\(test): error: The rules file \(folder.path)/bad.rules does not compile") && message.contains("nosuch")
        }
    }

    @Test func aMissingTestFileIsReported() async {
        await #expect {
            try await Self.runner.run(file: "/nonexistent/x.test.json")
        } throws: { error in
            (error as? RulesTestFileError)?.message == "/nonexistent/x.test.json: error: no such file."
        }
    }
}
