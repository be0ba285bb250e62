import ArgumentParser
import Dispatch
import Foundation
import HearthServer
import Logging

extension HearthCommand {
    /// `hearth serve`: runs the backend until SIGINT or SIGTERM, then drains and exits 0.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve Firestore (REST v1) on :8080 with no configuration needed.",
            discussion: """
                On start, prints `export FIRESTORE_EMULATOR_HOST=host:port` on standard output (one \
                line a shell can eval or a script can read; with --port 0 it carries the port that \
                was picked). Logs go to standard error.
                """
        )

        @Option(help: "Interface to bind. Use 0.0.0.0 to accept connections from other machines.")
        var host = "127.0.0.1"

        @Option(help: "Firestore port; 0 picks a free port and prints it.")
        var port = 8080

        @Option(help: "The default project id shown in URLs. Every project in a URL is served, isolated.")
        var project = "demo-hearth"

        @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
        var logLevel: LogLevel = .info

        @Option(help: "Seconds before an idle keep-alive connection (or an unfinished request head) is closed.")
        var idleTimeout = 60

        @Flag(help: "Accept the admin token 'Bearer owner' from non-loopback clients.")
        var allowRemoteOwner = false

        @Option(help: "Directory for the durable data (an embedded SQLite database).")
        var data = ".hearth"

        @Flag(help: "Keep all data in memory: nothing is written to disk, everything is lost on exit.")
        var inMemory = false

        @Option(name: .customLong("import"), help: "Import the Hearth export in this directory before serving (merging into the data).")
        var importDirectory: String?

        @Option(help: "On shutdown, after in-flight requests finish, write an export to this directory.")
        var exportOnExit: String?

        @Option(help: "Firestore security rules file, reloaded when it changes. Without it every request is allowed.")
        var rules: String?

        @Option(help: "Seconds between keep-alive comments on listen streams.")
        var keepAlive = 15

        @Option(help: "Snapshots a listen stream may fall behind before it is closed with an error (advanced).")
        var listenBuffer = 256

        func validate() throws {
            guard (0...65_535).contains(self.port) else {
                throw ValidationError("--port must be between 0 and 65535 (got \(self.port)).")
            }
            guard self.keepAlive > 0 else {
                throw ValidationError("--keep-alive must be a positive number of seconds (got \(self.keepAlive)).")
            }
            guard self.listenBuffer > 0 else {
                throw ValidationError("--listen-buffer must be a positive number of snapshots (got \(self.listenBuffer)).")
            }
            guard self.idleTimeout > 0 else {
                throw ValidationError("--idle-timeout must be a positive number of seconds (got \(self.idleTimeout)).")
            }
            guard !self.project.isEmpty, !self.project.contains("/") else {
                throw ValidationError("--project must be a project id such as demo-hearth (got '\(self.project)').")
            }
        }

        func run() async throws {
            let started = ContinuousClock.now
            let level = self.logLevel.level
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
            let logger = Logger(label: "hearth")

            var configuration = ServerConfiguration()
            configuration.host = self.host
            configuration.firestorePort = self.port
            configuration.project = self.project
            configuration.idleTimeout = .seconds(self.idleTimeout)
            configuration.allowsRemoteOwner = self.allowRemoteOwner
            configuration.dataDirectory = self.inMemory ? nil : self.data
            configuration.exportOnExit = self.exportOnExit
            configuration.rulesFile = self.rules
            configuration.listening.keepAlive = .seconds(self.keepAlive)
            configuration.listening.bufferedSnapshots = self.listenBuffer
            OpenFileLimit.raise(logger: logger)

            let service: HearthService
            do {
                service = try HearthService(configuration: configuration, logger: logger)
            } catch let error as RulesLoadError {
                logger.critical("\(error)")
                throw ExitCode.failure
            } catch {
                logger.critical("Hearth could not open its data: \(error)")
                throw ExitCode.failure
            }
            if service.rules.allowsEverything {
                logger.notice("No security rules loaded (--rules FILE): every Firestore request is allowed, as in the emulator suite.")
            } else if let file = self.rules {
                logger.info("Enforcing Firestore security rules from \(file) (reloaded when it changes)")
            }
            if let importDirectory = self.importDirectory {
                do {
                    _ = try await service.importData(from: importDirectory)
                } catch {
                    logger.critical("Hearth could not import \(importDirectory): \(error)")
                    service.close()
                    throw ExitCode.failure
                }
            }
            // Installed before the address is printed, so a client that signals as soon as it
            // has read the address always gets a clean shutdown.
            let signals = SignalHandlers(signals: [SIGINT, SIGTERM]) { signal in
                logger.info("Received signal \(signal): finishing in-flight requests, then exiting.")
                service.shutdown()
            }
            let endpoints: [BoundEndpoint]
            do {
                endpoints = try await service.start()
            } catch {
                logger.critical("Hearth could not start: \(error)")
                throw ExitCode.failure
            }
            for endpoint in endpoints where endpoint.service == .firestore {
                FileHandle.standardOutput.write(Data("export FIRESTORE_EMULATOR_HOST=\(endpoint.hostAndPort)\n".utf8))
                let elapsed = ContinuousClock.now - started
                logger.info(
                    "Firestore ready at http://\(endpoint.hostAndPort)/v1/projects/\(self.project)/databases/(default)/documents (\(self.inMemory ? "data in memory" : "data in \(self.data)"), started in \(elapsed.formatted(.units(allowed: [.milliseconds]))))"
                )
            }
            do {
                try await service.run()
            } catch let error as DataTransferError {
                signals.cancel()
                logger.critical("\(error)")
                throw ExitCode.failure
            }
            signals.cancel()
            logger.info("Hearth stopped.")
        }
    }
}
