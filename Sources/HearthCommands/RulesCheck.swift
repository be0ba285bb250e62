import ArgumentParser
import Foundation
import HearthRules

extension HearthCommand.Rules {
    /// `hearth rules check FILE…`: parses and checks rules files the way the server will load
    /// them, printing every problem as `file:line:column: error: …` with the source line and a
    /// caret. A `.json` file is Realtime Database rules (`database.rules.json`, as
    /// `--database-rules` loads it), anything else Firestore rules. Exits 1 if any file has an
    /// error; warnings alone exit 0.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Parse and check Firestore and Realtime Database rules files; print every problem with file:line:column.",
            discussion: "A file ending in .json is checked as Realtime Database rules (database.rules.json), any other as Firestore rules."
        )

        @Argument(help: "The rules files (firestore.rules, database.rules.json).")
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
                let (compiled, diagnostics) = Self.compile(source, fileName: file)
                if !diagnostics.isEmpty {
                    FileHandle.standardError.write(Data((diagnostics.formatted(source: source) + "\n").utf8))
                }
                let errors = diagnostics.filter { $0.severity == .error }.count
                let warnings = diagnostics.count - errors
                if !compiled || errors > 0 {
                    failed = true
                    print("\(file): \(errors) error(s), \(warnings) warning(s)")
                } else {
                    print("\(file): OK (\(warnings) warning(s))")
                }
            }
            if failed { throw ExitCode.failure }
        }

        /// Compiles `source` as the server would: Realtime Database rules for a `.json` file,
        /// Firestore rules otherwise.
        static func compile(_ source: String, fileName: String) -> (compiled: Bool, diagnostics: [Diagnostic]) {
            if fileName.hasSuffix(".json") {
                let (ruleset, diagnostics) = DatabaseRuleset.compile(source: source, fileName: fileName)
                return (ruleset != nil, diagnostics)
            }
            let (ruleset, diagnostics) = CompiledRuleset.compile(source: source, fileName: fileName)
            return (ruleset != nil, diagnostics)
        }
    }
}
