import HearthDatabase
import HearthRules
import Logging

/// One Realtime Database operation with what it acts on: the location, the caller, the
/// namespace's store and the rules in force for it at the moment the operation arrived.
///
/// Transport-free on purpose: `DatabaseService` builds one per operation whatever the wire
/// (REST today, the WebSocket protocol next), and streams keep theirs to re-check access.
struct DatabaseCall: Sendable {
    let namespace: String
    let path: DatabasePath
    /// The read's query (unfiltered for writes); the rules see it as `query`.
    let query: DatabaseQuery
    let caller: DatabaseCaller
    let store: DatabaseStore
    /// nil: no rules loaded, everything is allowed (the emulator's default).
    let rules: DatabaseRulesInForce?
    let logger: Logger
    /// Told every rules decision as it is enforced, allow or deny: `hearth rules test` uses it
    /// to say which rule granted a request it expected to be denied.
    var decisionObserver: (@Sendable (DatabaseRulesDecision) -> Void)?
    /// Where every evaluation is recorded for the Requests feed; nil records nothing.
    var evaluations: RulesEvaluationLog?

    /// The same operation judged by other rules (a stream re-checking after a rules change).
    func with(rules: DatabaseRulesInForce?) -> DatabaseCall {
        DatabaseCall(
            namespace: self.namespace, path: self.path, query: self.query, caller: self.caller, store: self.store, rules: rules,
            logger: self.logger, decisionObserver: self.decisionObserver, evaluations: self.evaluations)
    }

    /// The rules' `auth`, or nil when rules do not apply (admin, or no rules loaded).
    private var ruled: (DatabaseRulesInForce, DatabaseRulesAuth?)? {
        guard let rules = self.rules, case .user(let auth, _) = self.caller else { return nil }
        return (rules, auth)
    }

    /// Checks `.read` for the location and query (`rtdb.md` §8.2) against the tree as it is
    /// now, with `now` from the store's clock; throws 401 `Permission denied` with the
    /// explanation.
    func authorizeRead() throws(DatabaseError) {
        guard let (rules, auth) = self.ruled else { return }
        let decision = rules.ruleset.evaluateRead(
            path: self.path.segments, auth: auth, now: self.store.now(),
            query: DatabaseRulesQuery(self.query), data: NodeRulesData(root: self.store.snapshot()))
        try self.enforce(decision, "read")
    }

    /// The store reviews each write with this under its lock: `.write` and `.validate` against
    /// the tree before and after it, with server values resolved (`rtdb.md` §8.3). nil when
    /// rules do not apply.
    var reviewer: DatabaseWriteReviewer? {
        guard let (rules, auth) = self.ruled else { return nil }
        return { (proposal: DatabaseWriteProposal) throws(DatabaseError) in
            let write: DatabaseWrite =
                switch proposal.kind {
                case .set: .set(proposal.values.first.flatMap { RulesDataTree(node: $0.value) })
                case .update: .update(proposal.values.map { .init(path: $0.path.segments, value: RulesDataTree(node: $0.value)) })
                }
            let decision = rules.ruleset.evaluateWrite(
                path: proposal.path.segments, write: write, auth: auth, now: proposal.now, data: NodeRulesData(root: proposal.root))
            try self.enforce(decision, "write")
        }
    }

    /// Production refuses a query ordered by a child or by `$value` unless the rules declare
    /// `.indexOn` for it, with 400 `Index not defined` (`rtdb.md` §1.5). The emulator suite
    /// does not; the server checks only when asked (`--enforce-indexes`), `hearth rules test`
    /// always.
    func requireIndex() throws(DatabaseError) {
        let field: String
        switch self.query.index {
        case .value?: field = ".value"
        case .child(let path)?: field = path.relativeDescription
        default: return
        }
        let declared = self.rules?.ruleset.indexOn(at: self.path.segments) ?? []
        guard !declared.contains(field) else { return }
        throw .badRequest("Index not defined, add \".indexOn\": \"\(field)\", for path \"\(self.path)\", to the rules")
    }

    private func enforce(_ decision: DatabaseRulesDecision, _ verb: String) throws(DatabaseError) {
        self.decisionObserver?(decision)
        if let rules = self.rules, case .user(let auth, _) = self.caller {
            self.evaluations?.record(decision, verb: verb, path: "\(self.path)", namespace: self.namespace, auth: auth, rules: rules)
        }
        for evaluation in decision.evaluations where evaluation.outcome != .true && evaluation.outcome != .false {
            self.logger.debug("Realtime Database rule error: \(evaluation)")
        }
        guard !decision.isAllowed else { return }
        let explanation = "\(verb) of \(self.path) in namespace \(self.namespace) denied by \(self.rules?.origin ?? "rules"): \(decision.explanation)"
        self.logger.notice("Permission denied: \(explanation)")
        throw DatabaseError(.unauthorized, DatabaseError.permissionDenied.message, explanation: explanation)
    }
}
