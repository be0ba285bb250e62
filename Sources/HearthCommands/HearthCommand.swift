public import ArgumentParser

/// The `hearth` command tree. `main.swift` calls `HearthCommand.execute()` and nothing else.
public struct HearthCommand: AsyncParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "hearth",
        abstract: "A local Firebase backend: Firestore and the Realtime Database in one native binary.",
        discussion: "Run `hearth serve` in a project folder; point clients at it with FIRESTORE_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST.",
        version: HearthCommand.version,
        subcommands: [Serve.self, Rules.self, Token.self, Export.self, Import.self]
    )

    public init() {}

    /// Parses the process's arguments and runs the chosen command (ArgumentParser's `main()`),
    /// so the executable needs no import beyond this module.
    public static func execute() async {
        await self.main()
    }
}
