import HearthAuth
import HearthDatabase
import HearthFirestore
package import HearthHTTP
import HearthRules
import Foundation
import HearthStorage
public import Logging

/// Assembles the stores, the products and the HTTP servers into one running backend.
///
/// Owns no state beyond wiring: each product is a ``ProductUnit`` (its stores, port, recovery,
/// responder, import), and the service loops over them. Lifecycle: `start()` binds and returns
/// where each product listens, `run()` serves until `shutdown()` (signal handlers call it),
/// then returns once in-flight requests have finished.
public final class HearthService: Sendable {
    public let configuration: ServerConfiguration
    let databases: FirestoreDatabases
    /// The Realtime Database namespaces.
    let namespaces: DatabaseNamespaces
    /// The Auth emulator's accounts (also the identity provider's account lookup).
    let accounts: AccountStore
    /// Every product, in the order they start (and are listed by `start()`).
    let units: [any ProductUnit]
    /// Where each product listens, for `GET /emulators` on every port.
    let hub = EmulatorHub()
    /// The event-loop threads every product's server shares; shut down once, after all have stopped.
    let eventLoops: HTTPEventLoops
    let storage: DurableStore?
    let logger: Logger
    /// The Firestore security rules in force.
    public let rules: FirestoreRulesRegistry

    /// The HTTP servers; `package` so the fuzz harnesses can reach their responders.
    package var firestoreServer: HTTPServer { self.server(of: .firestore) }
    package var databaseServer: HTTPServer { self.server(of: .database) }
    package var authServer: HTTPServer { self.server(of: .auth) }

    /// Opens the data directory (taking its lock) and recovers every stored document before
    /// anything is served.
    /// - Throws: a `RulesLoadError` when the rules file does not compile (every error at
    ///   file:line:column), a `TLSCredentialsError` naming a TLS file that cannot be used, or a `StorageError` saying what is wrong with the data directory and
    ///   what to do (another hearth holds it, the file is corrupt, no permission, …).
    public init(configuration: ServerConfiguration, logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        let tls = try configuration.tlsFiles.map { try TLSCredentials(certificateFile: $0.certificate, keyFile: $0.key) }
        self.rules = try FirestoreRulesRegistry(
            file: configuration.rulesFile, logger: logger, recheckInterval: configuration.rulesRecheckInterval)
        let databaseRules = try DatabaseRulesRegistry(
            files: configuration.databaseRulesFiles, logger: logger, recheckInterval: configuration.rulesRecheckInterval,
            evaluations: self.rules.evaluations)
        if let directory = configuration.dataDirectory {
            let storage = try DurableStore(directory: directory, acceptingDataLoss: configuration.acceptsDataLoss, logger: logger)
            self.storage = storage
            self.databases = FirestoreDatabases(journal: FirestoreJournal(storage: storage))
            self.namespaces = DatabaseNamespaces(journal: DatabaseStorageJournal(storage: storage))
            self.accounts = AccountStore(journal: AuthStorageJournal(storage: storage), now: { WallClock.milliseconds() })
        } else {
            self.storage = nil
            self.databases = FirestoreDatabases()
            self.namespaces = DatabaseNamespaces()
            self.accounts = AccountStore(now: { WallClock.milliseconds() })
        }
        let trusted = TrustedOrigins(additional: configuration.trustedOrigins)
        var http = HTTPServerConfiguration()
        http.cors?.trustedOrigins = trusted
        http.idleTimeout = configuration.idleTimeout
        http.requestTimeout = configuration.requestTimeout
        // One budget for every port: what bounds memory is the process's total.
        http.requestBodyBudget = RequestBodyBudget(capacity: configuration.requestBodyBudget)
        http.streamBufferSize = configuration.streamBufferSize
        http.connectionWriteBuffer = configuration.connectionWriteBuffer
        http.tls = tls
        // The names Hearth is bound to are the names it is reached by; the Realtime Database
        // takes its namespace from a `Host` of `{ns}.firebaseio.com` as the emulator suite does,
        // and no page can rebind Google's domains to this machine.
        let boundNames = [configuration.host, configuration.databaseHost, configuration.authHost].compactMap { $0 }
        let databaseDomains = [".firebaseio.com", ".firebasedatabase.app"]
        http.allowedHosts = HostAllowlist(allowing: configuration.allowedHosts + boundNames + databaseDomains)
        let eventLoops = HTTPEventLoops()
        self.eventLoops = eventLoops
        var identities = IdentityResolver(allowsRemoteOwner: configuration.allowsRemoteOwner, trustedOrigins: trusted)
        identities.accounts = AuthAccounts(store: self.accounts)
        let wiring = ProductWiring(
            configuration: configuration,
            storage: self.storage,
            identities: identities,
            adminAccess: AdminAccess(allowsRemotePeers: configuration.allowsRemoteOwner, trustedOrigins: trusted),
            http: http,
            hub: self.hub,
            eventLoops: eventLoops,
            logger: logger
        )
        let export = HearthExport(
            source: Self.exportSource(self.storage, self.databases, self.namespaces, self.accounts), logger: logger, interactive: false,
            authProject: configuration.project)
        var units: [any ProductUnit] = [
            FirestoreUnit(databases: self.databases, rules: self.rules, export: export, wiring: wiring),
            DatabaseUnit(namespaces: self.namespaces, rules: databaseRules, wiring: wiring),
            AuthUnit(store: self.accounts, wiring: wiring),
        ]
        if configuration.servesUI {
            let ui = UIConfiguration(
                project: configuration.project, defaultNamespace: configuration.project + "-default-rtdb",
                dataDirectory: configuration.dataDirectory, hub: self.hub, firestoreRules: self.rules, databaseRules: databaseRules)
            units.append(UIUnit(configuration: ui, wiring: wiring))
        }
        self.units = units
        if let storage = self.storage {
            do {
                for unit in self.units { try unit.restore(from: storage, logger: logger) }
            } catch {
                storage.close()
                throw error
            }
        }
    }

    /// Binds every product's port; returns where each listens (the real port when 0 was
    /// asked), which is also what `GET /emulators` answers from then on.
    public func start() async throws -> [BoundEndpoint] {
        var endpoints: [BoundEndpoint] = []
        for unit in self.units {
            do {
                let bound = try await unit.start()
                endpoints.append(BoundEndpoint(service: unit.service, host: bound.host, port: bound.port))
            } catch {
                for started in self.units.prefix(endpoints.count) { started.server.shutdown() }
                throw error
            }
        }
        self.hub.publish(endpoints)
        return endpoints
    }

    /// Serves until `shutdown()`; returns when every connection has closed, after writing the
    /// `exportOnExit` export if one was asked for.
    /// - Throws: the first server's error, or the export's (`DataTransferError`); storage is
    ///   closed either way.
    public func run() async throws {
        defer { self.close() }
        var failure: (any Error)?
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for unit in self.units { group.addTask { try await unit.server.run() } }
                try await group.waitForAll()
            }
        } catch {
            failure = error
        }
        // Every server has stopped: nothing uses the shared event loops any more.
        await self.eventLoops.shutdown()
        if let failure { throw failure }
        if let destination = self.configuration.exportOnExit {
            let export = HearthExport(
                source: Self.exportSource(self.storage, self.databases, self.namespaces, self.accounts), logger: self.logger,
                interactive: ExportProgress.standardErrorIsTerminal, authProject: self.configuration.project)
            do {
                _ = try export.write(to: destination)
            } catch {
                throw DataTransferError("Could not write the export to \(destination) on exit: \(error)")
            }
        }
    }

    /// Loads the export in `directory` into every product (durably, through the normal write
    /// path); `hearth serve --import` calls it after recovery and before `start()`, and
    /// `hearth import` on a service it never starts.
    /// - Returns: the number of Firestore documents imported.
    public func importData(from directory: String) async throws(DataTransferError) -> Int {
        // An emulator-suite export (`firebase emulators:export`) has no Hearth manifest; its
        // Auth part (`auth_export/`) is read all the same.
        let manifest =
            AuthImport.exists(in: directory) && !FileManager.default.fileExists(atPath: directory + "/" + ExportManifest.fileName)
            ? ExportManifest(createdAt: Timestamp.now(), firestore: [])
            : try FirestoreImport.manifest(in: directory)
        var documents = 0
        for unit in self.units {
            let imported = try await unit.importData(manifest, from: directory, logger: self.logger)
            if unit.service == .firestore { documents = imported }
        }
        return documents
    }

    /// Closes the storage (committing what is queued, releasing the directory lock). For a
    /// service that was never started (`hearth import`); `run()` does it itself. Idempotent.
    public func close() {
        self.storage?.close()
        let eventLoops = self.eventLoops
        Task { await eventLoops.shutdown() }
    }

    /// The server of `service`: every service Hearth knows has a unit.
    private func server(of service: BoundEndpoint.Service) -> HTTPServer {
        guard let unit = self.units.first(where: { $0.service == service }) else {
            preconditionFailure("HearthService has no \(service) unit; every BoundEndpoint.Service must have one.")
        }
        return unit.server
    }

    /// Durable records when there are any (only acknowledged writes, one snapshot of every
    /// database), else the in-memory stores.
    private static func exportSource(
        _ storage: DurableStore?, _ databases: FirestoreDatabases, _ namespaces: DatabaseNamespaces, _ accounts: AccountStore
    ) -> HearthExport.Source {
        storage.map { .storage($0) } ?? .memory(databases, namespaces, accounts)
    }

    /// Begins a graceful shutdown: stop accepting, finish in-flight requests. Idempotent.
    public func shutdown() {
        for unit in self.units { unit.server.shutdown() }
    }
}
