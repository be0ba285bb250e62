import ArgumentParser
import Dispatch
import Foundation
import HearthHTTP
import HearthServer
import Logging

extension HearthCommand {
    /// `hearth serve`: runs the backend until SIGINT or SIGTERM, then drains and exits 0.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve Firestore (REST v1) on :8080, the Realtime Database on :9000 and Auth on :9099 with no configuration needed.",
            discussion: """
                On start, prints `export FIRESTORE_EMULATOR_HOST=host:port`, \
                `export FIREBASE_DATABASE_EMULATOR_HOST=host:port` and \
                `export FIREBASE_AUTH_EMULATOR_HOST=host:port` on standard output (lines a shell \
                can eval or a script can read; with port 0 they carry the port that was picked). \
                Logs go to standard error.
                """
        )

        @Option(help: "Interface to bind (default: firebase.json's emulator host, else 127.0.0.1). Use 0.0.0.0 to accept connections from other machines.")
        var host: String?

        @Option(help: "Firestore port (default: firebase.json's emulators.firestore.port, else 8080); 0 picks a free port and prints it.")
        var port: Int?

        @Option(help: "The default project id shown in URLs (default: $GCLOUD_PROJECT, $GOOGLE_CLOUD_PROJECT, .firebaserc's default, else demo-hearth). Every project in a URL is served, isolated.")
        var project: String?

        @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
        var logLevel: LogLevel = .info

        @Option(help: "Seconds a connection may be idle (neither receiving a request nor sending a response the client reads) before it is closed.")
        var idleTimeout = 60

        @Option(help: "Seconds one request (head and body) may take to arrive in full, however steadily it trickles.")
        var requestTimeout = 60

        @Option(help: "Bytes of request bodies all connections may hold at once (K, M, G suffixes); a body that does not fit gets 503 with Retry-After.")
        var requestBodyBudget = ByteSize(bytes: 256 << 20)

        @Option(help: "Bytes a listen or Realtime Database stream may hold for a client that does not read them before it is cut off (K, M, G suffixes).")
        var streamBuffer = ByteSize(bytes: 1 << 20)

        @Option(help: "Bytes of response a connection may buffer beyond the kernel's socket buffer before streams wait for the client (K, M, G suffixes).")
        var connectionBuffer = ByteSize(bytes: 64 << 10)

        @Option(help: ArgumentHelp("Serve HTTPS (and HTTP/2 over TLS) on both ports with this PEM certificate, for testing from another device; needs --tls-key.", valueName: "file"))
        var tlsCert: String?

        @Option(help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
        var tlsKey: String?

        @Flag(help: "Accept the admin token 'Bearer owner', and serve the admin endpoints (export, clear, rules upload), to non-loopback clients.")
        var allowRemoteOwner = false

        @Option(
            name: .customLong("allow-host"),
            help: ArgumentHelp(
                "Also serve requests whose Host is this name (repeatable; '.example.test' allows a domain and its subdomains, '*' any name). IP addresses, localhost and the --host name are always served; other names are refused with 403 so that web pages cannot reach Hearth through DNS rebinding.",
                valueName: "name"))
        var allowedHosts: [String] = []

        @Option(help: "Directory for the durable data (an embedded SQLite database).")
        var data = ".hearth"

        @Flag(help: "Keep all data in memory: nothing is written to disk, everything is lost on exit.")
        var inMemory = false

        @Flag(help: "Start even if the data directory lost acknowledged writes (a damaged, truncated or deleted write-ahead log or data file), keeping what can be read; the damaged log is copied aside first.")
        var acceptDataLoss = false

        @Option(name: .customLong("import"), help: "Import the Hearth export in this directory before serving (merging into the data).")
        var importDirectory: String?

        @Option(help: "On shutdown, after in-flight requests finish, write an export to this directory.")
        var exportOnExit: String?

        @Option(help: "Firestore security rules file, reloaded when it changes (default: firebase.json's firestore.rules). Without one every request is allowed.")
        var rules: String?

        @Option(help: "Milliseconds a look at the rules files (--rules, --database-rules) for edits stays good while requests keep coming; 0 looks before every request.")
        var rulesCheckInterval = Int(FirestoreRulesRegistry.defaultRecheckInterval / .milliseconds(1))

        @Option(help: "Seconds between keep-alive comments on listen streams.")
        var keepAlive = 15

        @Option(help: "Realtime Database port (default: firebase.json's emulators.database.port, else 9000); 0 picks a free port and prints it.")
        var databasePort: Int?

        @Option(help: "Auth emulator port (default: firebase.json's emulators.auth.port, else 9099); 0 picks a free port and prints it.")
        var authPort: Int?

        @Option(help: "Realtime Database rules file for every namespace, reloaded when it changes (default: firebase.json's database.rules). Without one every request is allowed.")
        var databaseRules: String?

        @Option(help: "Web UI port, always on loopback (default: firebase.json's emulators.ui.port, else 4000, or a free port when 4000 is taken).")
        var uiPort: Int?

        @Flag(name: .customLong("no-ui"), help: "Do not serve the web UI.")
        var noUI = false

        @Option(help: "The project folder whose firebase.json and .firebaserc are read.")
        var config = "."

        @Option(help: ArgumentHelp("Events a Realtime Database stream may have waiting before its reader is cut off as too slow.", visibility: .hidden))
        var databaseStreamBuffer = 1024

        @Flag(help: "Refuse Realtime Database queries whose ordering has no .indexOn in the rules, as production does (the emulator suite does not).")
        var enforceIndexes = false

        @Option(help: "Seconds (fractions allowed) between keep-alive events on idle Realtime Database streams; production sends one about every 30 s.")
        var databaseKeepAlive: Double = 30

        @Option(help: "Snapshots a listen stream may fall behind before it is closed with an error (advanced).")
        var listenBuffer = 256

        func validate() throws {
            if (self.tlsCert == nil) != (self.tlsKey == nil) {
                throw ValidationError("--tls-cert and --tls-key go together: give the certificate and its private key, or neither.")
            }
            for (name, port) in [("--port", self.port), ("--database-port", self.databasePort), ("--auth-port", self.authPort), ("--ui-port", self.uiPort)] {
                if let port, !(0...65_535).contains(port) {
                    throw ValidationError("\(name) must be between 0 and 65535 (got \(port)).")
                }
            }
            guard self.databaseStreamBuffer > 0 else {
                throw ValidationError("--database-stream-buffer must be a positive number of events (got \(self.databaseStreamBuffer)).")
            }
            guard self.keepAlive > 0 else {
                throw ValidationError("--keep-alive must be a positive number of seconds (got \(self.keepAlive)).")
            }
            guard (0.001...86_400).contains(self.databaseKeepAlive) else {
                throw ValidationError("--database-keep-alive must be between 0.001 and 86400 seconds (got \(self.databaseKeepAlive)).")
            }
            guard self.rulesCheckInterval >= 0 else {
                throw ValidationError("--rules-check-interval must be 0 or a positive number of milliseconds (got \(self.rulesCheckInterval)).")
            }
            guard self.listenBuffer > 0 else {
                throw ValidationError("--listen-buffer must be a positive number of snapshots (got \(self.listenBuffer)).")
            }
            guard self.idleTimeout > 0 else {
                throw ValidationError("--idle-timeout must be a positive number of seconds (got \(self.idleTimeout)).")
            }
            guard self.requestTimeout > 0 else {
                throw ValidationError("--request-timeout must be a positive number of seconds (got \(self.requestTimeout)).")
            }
            if let project = self.project, project.isEmpty || project.contains("/") {
                throw ValidationError("--project must be a project id such as demo-hearth (got '\(project)').")
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

            let project: FirebaseProjectSettings
            do {
                project = try FirebaseProjectSettings.load(directory: self.config, environment: ProcessInfo.processInfo.environment)
            } catch {
                logger.critical("\(error)")
                throw ExitCode.failure
            }
            if !project.sources.isEmpty { logger.info("Using \(project.sources.joined(separator: ", ")) from \(self.config)") }
            var configuration = ServerConfiguration()
            configuration.host = self.host ?? project.firestore.host ?? "127.0.0.1"
            configuration.databaseHost = self.host == nil ? project.database.host : nil
            configuration.firestorePort = self.port ?? project.firestore.port ?? 8080
            configuration.project = self.project ?? project.project ?? "demo-hearth"
            configuration.idleTimeout = .seconds(self.idleTimeout)
            configuration.requestTimeout = .seconds(self.requestTimeout)
            configuration.requestBodyBudget = self.requestBodyBudget.bytes
            configuration.streamBufferSize = self.streamBuffer.bytes
            configuration.connectionWriteBuffer = self.connectionBuffer.bytes
            if let certificate = self.tlsCert, let key = self.tlsKey { configuration.tlsFiles = (certificate, key) }
            configuration.allowsRemoteOwner = self.allowRemoteOwner
            configuration.allowedHosts = self.allowedHosts
            configuration.dataDirectory = self.inMemory ? nil : self.data
            configuration.acceptsDataLoss = self.acceptDataLoss
            configuration.exportOnExit = self.exportOnExit
            configuration.rulesFile = self.rules ?? project.firestoreRules
            configuration.rulesRecheckInterval = .milliseconds(self.rulesCheckInterval)
            configuration.listening.keepAlive = .seconds(self.keepAlive)
            configuration.databasePort = self.databasePort ?? project.database.port ?? 9000
            configuration.authPort = self.authPort ?? project.auth.port ?? 9099
            configuration.authHost = self.host == nil ? project.auth.host : nil
            configuration.databaseRulesFiles = self.databaseRules.map { ["": $0] } ?? project.databaseRules
            configuration.database.enforcesIndexes = self.enforceIndexes
            configuration.uiPort = self.uiPort ?? project.ui.port
            configuration.servesUI = !self.noUI && project.uiEnabled != false
            configuration.database.keepAlive = .milliseconds(Int64((self.databaseKeepAlive * 1000).rounded()))
            configuration.database.bufferedEvents = self.databaseStreamBuffer
            configuration.listening.bufferedSnapshots = self.listenBuffer
            OpenFileLimit.raise(logger: logger)

            let service: HearthService
            do {
                service = try HearthService(configuration: configuration, logger: logger)
            } catch let error as RulesLoadError {
                logger.critical("\(error)")
                throw ExitCode.failure
            } catch let error as TLSCredentialsError {
                logger.critical("Hearth cannot serve TLS: \(error)")
                throw ExitCode.failure
            } catch {
                logger.critical("Hearth could not open its data: \(error)")
                throw ExitCode.failure
            }
            if service.rules.allowsEverything {
                logger.notice("No security rules loaded (--rules FILE): every Firestore request is allowed, as in the emulator suite.")
            } else if let file = configuration.rulesFile {
                logger.info("Enforcing Firestore security rules from \(file) (reloaded when it changes)")
            }
            if !configuration.databaseRulesFiles.isEmpty {
                let files = configuration.databaseRulesFiles.sorted { $0.key < $1.key }.map { $0.key.isEmpty ? $0.value : "\($0.value) (namespace \($0.key))" }
                logger.info("Enforcing Realtime Database rules from \(files.joined(separator: ", ")) (reloaded when they change)")
            } else {
                logger.notice("No Realtime Database rules loaded (--database-rules FILE): every read and write is allowed, as in the emulator suite.")
            }
            if let destination = configuration.exportOnExit {
                do {
                    try HearthExport.checkDestination(destination)
                } catch {
                    logger.critical("--export-on-exit \(destination): \(error)")
                    service.close()
                    throw ExitCode.failure
                }
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
            let elapsed = ContinuousClock.now - started
            let scheme = configuration.tlsFiles == nil ? "http" : "https"
            for endpoint in endpoints {
                switch endpoint.service {
                case .firestore:
                    FileHandle.standardOutput.write(Data("export FIRESTORE_EMULATOR_HOST=\(endpoint.hostAndPort)\n".utf8))
                    logger.info(
                        "Firestore ready at \(scheme)://\(endpoint.hostAndPort)/v1/projects/\(configuration.project)/databases/(default)/documents (\(self.inMemory ? "data in memory" : "data in \(self.data)"), started in \(elapsed.formatted(.units(allowed: [.milliseconds]))))"
                    )
                case .database:
                    FileHandle.standardOutput.write(Data("export FIREBASE_DATABASE_EMULATOR_HOST=\(endpoint.hostAndPort)\n".utf8))
                    logger.info("Realtime Database ready at \(scheme)://\(endpoint.hostAndPort)/.json?ns=\(configuration.project)-default-rtdb")
                case .auth:
                    FileHandle.standardOutput.write(Data("export FIREBASE_AUTH_EMULATOR_HOST=\(endpoint.hostAndPort)\n".utf8))
                    logger.info("Auth ready at \(scheme)://\(endpoint.hostAndPort)/identitytoolkit.googleapis.com/v1 (project \(configuration.project))")
                case .ui:
                    logger.notice("Web UI at \(scheme)://\(endpoint.hostAndPort)/ (this machine only)")
                }
            }
            let exposure = NetworkExposure(
                endpoints: endpoints, allowsRemoteAdmin: configuration.allowsRemoteOwner,
                firestoreRulesLoaded: !service.rules.allowsEverything, databaseRulesLoaded: !configuration.databaseRulesFiles.isEmpty)
            if let warning = exposure.warning { logger.warning("\(warning)") }
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
