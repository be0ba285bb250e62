import ArgumentParser
import HearthServer
import Logging

extension HearthCommand {
    /// `hearth export DIR`: writes a Hearth export of a data directory, even while a server runs.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export the Firestore data of a data directory to DIR (JSON lines).",
            discussion: """
                Reads --data without taking its lock, so a server may keep running; the export is \
                one consistent snapshot of everything acknowledged. DIR is replaced only once the \
                new export is complete: a failed export leaves the previous one intact. An existing \
                DIR must be empty or an earlier export; any other folder is refused and left alone.
                """
        )

        @Argument(help: "The export directory to write (created, or replaced if it is an earlier export).")
        var directory: String

        @Option(help: "The data directory to read.")
        var data = ".hearth"

        func run() throws {
            let logger = CommandLogging.logger()
            do {
                let count = try HearthExport.exportDataDirectory(self.data, to: self.directory, logger: logger)
                print("Exported \(count) document(s) to \(self.directory)")
            } catch {
                throw CommandFailure("Export to \(self.directory) failed: \(error)")
            }
        }
    }
}
