import HearthDatabase
import HearthHTTP
import Logging

@testable import HearthServer

/// One in-memory Realtime Database (the default namespace), reachable both as a
/// `DatabaseService` and as the router the server puts on its port, sharing their data and
/// rules: what the two drivers run against.
struct DatabaseServiceFixture: Sendable {
    let service: DatabaseService
    let router: RouterResponder

    var namespace: String { self.service.settings.defaultNamespace }

    /// - Parameters:
    ///   - seed: JSON written at the root as the owner.
    ///   - rules: a rules source put in force for the namespace (nil: everything allowed).
    init(seed: String? = nil, rules: String? = nil, enforcesIndexes: Bool = false) throws {
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        var settings = DatabaseSettings()
        settings.enforcesIndexes = enforcesIndexes
        let registry = try DatabaseRulesRegistry(files: [:], logger: logger)
        let namespaces = DatabaseNamespaces()
        if let rules {
            registry.install(try DatabaseRulesInForce.compile(rules, fileName: "test.rules.json", origin: "the test").get(), namespace: settings.defaultNamespace)
        }
        if let seed { _ = try namespaces.store(for: settings.defaultNamespace).set(.root, DatabaseWriteData(body: Array(seed.utf8))) }
        self.service = DatabaseService(namespaces: namespaces, rules: registry, settings: settings, logger: logger)
        self.router = DatabaseRoutes(service: self.service, identities: IdentityResolver(), adminAccess: AdminAccess(), logger: logger).responder()
    }
}
