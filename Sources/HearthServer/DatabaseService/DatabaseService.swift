import HearthDatabase
import HearthRules
import Logging

/// Every Realtime Database operation, whatever the wire: reads and queries, set, merge, push,
/// delete (conditional with an ETag), subscribe, and the rules of a namespace. Requests and
/// results are typed, the caller is passed in, authorization (`.read`, `.write`, `.validate`,
/// `.indexOn`) happens here, and failures are thrown as `DatabaseError`.
///
/// Why a layer of its own: the REST routes (`DatabaseRoutes`) are adapters that parse a
/// `DatabaseRequest`, call one method and encode the result, and `hearth rules test` calls the
/// same methods without HTTP; the WebSocket protocol's `p`/`m`/`q`/`g` actions map onto the
/// same calls. So nothing here knows HTTP (this folder does not import HearthHTTP), and errors
/// become HTTP statuses in one place (`DatabaseErrorResponse`).
///
/// Concurrency: a value type over shared, thread-safe parts (the stores are lock-protected,
/// the registries too); copies share them. Writes return once durable.
struct DatabaseService: Sendable {
    let namespaces: DatabaseNamespaces
    let rules: DatabaseRulesRegistry
    /// Where uploaded rules are kept; nil in memory.
    let rulesPersistence: RulesPersistence?
    let settings: DatabaseSettings
    /// Every open stream, for their keep-alives and re-checks (rules, account standings).
    let streams: OpenStreams<DatabaseStream.Item>
    /// Delivers committed changes to the streams.
    let fanout: DatabaseStreamFanout
    let logger: Logger
    /// Told every rules decision as it is enforced (`hearth rules test` explains its verdicts
    /// with them); nil on a server.
    var decisionObserver: (@Sendable (DatabaseRulesDecision) -> Void)?

    init(
        namespaces: DatabaseNamespaces, rules: DatabaseRulesRegistry, rulesPersistence: RulesPersistence? = nil,
        settings: DatabaseSettings, accounts: any AccountLookup = NoAccounts(), logger: Logger
    ) {
        self.namespaces = namespaces
        self.rules = rules
        self.rulesPersistence = rulesPersistence
        self.settings = settings
        self.streams = OpenStreams(keepAlive: settings.keepAlive, rules: rules, accounts: accounts)
        self.fanout = DatabaseStreamFanout()
        self.logger = logger
    }

    /// An operation on `path` of `namespace` by `caller`, judged by the rules in force now.
    func call(_ namespace: String, _ path: DatabasePath, query: DatabaseQuery = DatabaseQuery(), as caller: DatabaseCaller) -> DatabaseCall {
        DatabaseCall(
            namespace: namespace, path: path, query: query, caller: caller, store: self.namespaces.store(for: namespace),
            rules: self.rules.rules(for: namespace), logger: self.logger, decisionObserver: self.decisionObserver,
            evaluations: self.rules.evaluations)
    }
}
