import HearthFirestore
import HearthRules
import Logging

/// Every Firestore operation Hearth serves, independent of any wire protocol.
///
/// Each operation takes a typed request (decoded domain values: paths, writes, queries, never
/// JSON text) and the `Caller`, resolves the security rules in force for the database's
/// project, authorizes inside (`FirestoreCall+Authorization`) and throws `FirestoreError`.
/// The REST routes (`FirestoreRoutes+*`) are adapters around it (decode, call, encode), and
/// so is `hearth rules test`; a gRPC adapter is meant to be the same. It imports neither
/// HearthHTTP nor HearthJSON, which is what keeps it reusable.
///
/// A value of a few references: making one per request costs nothing measurable.
struct FirestoreService: Sendable {
    let databases: FirestoreDatabases
    /// The security rules in force for a project (nil: allow all). A function, not the
    /// registry, so `hearth rules test` can judge by a test file's rules without a registry.
    let rules: @Sendable (_ project: String) -> RulesInForce?
    /// Gets denials (notice) and the rules' `debug()` output (info).
    let logger: Logger
    /// Told every rules decision as it is enforced (`hearth rules test` explains allows with it).
    var decisionObserver: (@Sendable (Decision) -> Void)?
    /// Where every rules evaluation is recorded (the registry's log on a server).
    var evaluations: RulesEvaluationLog?

    /// A service judging by the rules `registry` holds (the server's).
    init(databases: FirestoreDatabases, rules registry: FirestoreRulesRegistry, logger: Logger) {
        self.init(databases: databases, rules: { registry.rules(for: $0) }, logger: logger)
        self.evaluations = registry.evaluations
    }

    init(
        databases: FirestoreDatabases, rules: @escaping @Sendable (_ project: String) -> RulesInForce?, logger: Logger,
        decisionObserver: (@Sendable (Decision) -> Void)? = nil
    ) {
        self.databases = databases
        self.rules = rules
        self.logger = logger
        self.decisionObserver = decisionObserver
    }

    /// The store of `database` and what `caller` is judged by there.
    func call(_ database: DatabaseID, _ caller: Caller) -> FirestoreCall {
        var call = FirestoreCall(
            database: database, store: self.databases.store(for: database), caller: caller,
            rules: caller.identity == .owner ? nil : self.rules(database.project), logger: self.logger)
        call.decisionObserver = self.decisionObserver
        call.evaluations = self.evaluations
        return call
    }
}
