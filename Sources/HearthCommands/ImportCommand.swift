import ArgumentParser
import HearthServer
import Logging

extension HearthCommand {
    /// `hearth import DIR`: loads an export into a data directory, durably.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import a Hearth export from DIR into the data directory.",
            discussion: """
                Merges: each exported document replaces the one with the same name; others are \
                kept. Imported documents get new create/update times. Takes the data directory's \
                lock, so it refuses to run while a server uses it (use `hearth serve --import` or \
                stop the server).
                """
        )

        @Argument(help: "The export directory to read (it holds hearth-export.json).")
        var directory: String

        @Option(help: "The data directory to import into (created if needed).")
        var data = ".hearth"

        func run() async throws {
            let logger = CommandLogging.logger()
            var configuration = ServerConfiguration()
            configuration.dataDirectory = self.data
            let service: HearthService
            do {
                service = try HearthService(configuration: configuration, logger: logger)
            } catch {
                throw CommandFailure("Could not open \(self.data): \(error)")
            }
            defer { service.close() }
            do {
                let count = try await service.importData(from: self.directory)
                print("Imported \(count) document(s) from \(self.directory) into \(self.data)")
            } catch {
                throw CommandFailure("Import from \(self.directory) failed: \(error)")
            }
        }
    }
}
