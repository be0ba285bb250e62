import ArgumentParser
import Foundation
import HearthServer
import Logging

extension HearthCommand.Rules {
    /// `hearth rules test FILE…`: runs declarative rules test files (rules/README.md, "Rules
    /// test files"), Firestore and Realtime Database alike, against their rules, with no server:
    /// one line per failing case with the rules' explanation, then `N passed, N failed`. Exits 1
    /// on any failure or unrunnable file.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run Firestore and Realtime Database rules test files (*.test.json); print each failing case and 'N passed, N failed'.",
            discussion: """
                Each file names its rules with "rules" (Firestore) or "database" (Realtime Database), then seed data and \
                cases {auth, operation, path, data | query | value | writes, expect}; see rules/README.md.
                """
        )

        @Argument(help: "The test files (e.g. rules/*.test.json).")
        var files: [String]

        @Flag(help: "Also print the rules' debug() output and every denial as it happens.")
        var verbose = false

        func run() async throws {
            let level: Logger.Level = self.verbose ? .info : .warning
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
            let runner = RulesTestRunner(logger: Logger(label: "hearth.rules.test"))
            var passed = 0
            var failed = 0
            var unrunnable = 0
            for file in self.files {
                do {
                    let report = try await runner.run(file: file)
                    for line in report.failureLines { print(line) }
                    passed += report.passed
                    failed += report.failed
                } catch {
                    FileHandle.standardError.write(Data("\(error.message)\n".utf8))
                    unrunnable += 1
                }
            }
            let note = unrunnable == 0 ? "" : " (\(unrunnable) file\(unrunnable == 1 ? "" : "s") could not be run)"
            print("\(passed) passed, \(failed) failed\(note)")
            if failed > 0 || unrunnable > 0 { throw ExitCode.failure }
        }
    }
}
