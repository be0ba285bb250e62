import ArgumentParser
import Foundation
import HearthRules

extension HearthCommand.Rules {
    /// `hearth rules check FILE…`: parses and checks rules files the way the server will load
    /// them, printing every problem as `file:line:column: error: …` with the source line and a
    /// caret. Exits 1 if any file has an error; warnings alone exit 0.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Parse and check Firestore rules files; print every problem with file:line:column."
        )

        @Argument(help: "The rules files (firestore.rules).")
        var files: [String]

        func run() throws {
            var failed = false
            for file in self.files {
                let source: String
                do {
                    source = try String(contentsOfFile: file, encoding: .utf8)
                } catch {
                    FileHandle.standardError.write(Data("\(file): error: cannot read the file (\(error.localizedDescription)).\n".utf8))
                    failed = true
                    continue
                }
                let (ruleset, diagnostics) = CompiledRuleset.compile(source: source, fileName: file)
                if !diagnostics.isEmpty {
                    FileHandle.standardError.write(Data((diagnostics.formatted(source: source) + "\n").utf8))
                }
                let errors = diagnostics.filter { $0.severity == .error }.count
                let warnings = diagnostics.count - errors
                if ruleset == nil || errors > 0 {
                    failed = true
                    print("\(file): \(errors) error(s), \(warnings) warning(s)")
                } else {
                    print("\(file): OK (\(warnings) warning(s))")
                }
            }
            if failed { throw ExitCode.failure }
        }
    }
}
