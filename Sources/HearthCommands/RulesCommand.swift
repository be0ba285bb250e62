import ArgumentParser

extension HearthCommand {
    /// `hearth rules …`: tools for security rules files (check them, run their test files).
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Work with security rules files.",
            subcommands: [Check.self, Test.self]
        )
    }
}
