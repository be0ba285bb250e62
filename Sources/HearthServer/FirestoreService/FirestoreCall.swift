import HearthFirestore
import HearthRules
import Logging

/// What every `FirestoreService` operation is judged in: the database, its store, the caller
/// and the rules in force for them. Made by the service for each operation (a few references,
/// no copying), never from a transport's request, so REST, `hearth rules test` and the coming
/// gRPC adapter are judged by the same code (`FirestoreCall+Authorization`).
struct FirestoreCall: Sendable {
    let database: DatabaseID
    let store: DocumentStore
    let identity: Identity
    /// `request.auth` for rules, made once per ID token (see `Caller`).
    let auth: RequestAuth?
    /// The security rules this request is judged by; nil when nothing is enforced (no rules
    /// for the project, or the `owner` identity).
    private(set) var rules: RulesInForce?
    let logger: Logger
    /// Told every rules decision as it is enforced, allow or deny: `hearth rules test` uses it
    /// to say which allow statement granted a request it expected to be denied.
    var decisionObserver: (@Sendable (Decision) -> Void)?
    /// Where every evaluation is recorded for the Requests feed; nil records nothing.
    var evaluations: RulesEvaluationLog?

    /// A call by `caller`; `rules` are those in force for the database's project.
    init(database: DatabaseID, store: DocumentStore, caller: Caller, rules: RulesInForce?, logger: Logger) {
        self.identity = caller.identity
        self.auth = caller.auth
        self.database = database
        self.store = store
        self.rules = caller.identity == .owner ? nil : rules
        self.logger = logger
    }

    /// A call by `identity`, its `request.auth` made here (tests that judge one request).
    init(database: DatabaseID, store: DocumentStore, identity: Identity, rules: RulesInForce?, logger: Logger) {
        self.init(database: database, store: store, caller: Caller(identity), rules: rules, logger: logger)
    }

    /// The same call judged by `rules` (a listen stream re-checks its access after a reload).
    func judged(by rules: RulesInForce?) -> FirestoreCall {
        var call = self
        call.rules = self.identity == .owner ? nil : rules
        return call
    }
}
