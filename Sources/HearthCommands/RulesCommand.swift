import ArgumentParser

extension HearthCommand {
    /// `hearth rules …`: tools for security rules files.
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Work with security rules files.",
            subcommands: [Check.self]
        )
    }
}
