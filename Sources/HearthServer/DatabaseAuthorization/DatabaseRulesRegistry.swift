import HearthRules
import Logging
import Synchronization

/// The Realtime Database rules in force: rules files (`--database-rules`, or per namespace from
/// `firebase.json`'s `database` array), each reloaded when it changes (see `WatchedRulesFile`
/// for what that costs per request), overridden per namespace by rules uploaded with
/// `PUT /.settings/rules.json`, as the emulator keys rules by namespace. No file and nothing
/// uploaded: every request is allowed, as in the emulator (`{"rules":{".read":true,".write":true}}`).
///
/// Lookup order for a namespace: uploaded rules, its own file, the file for every namespace.
/// Observers (open streams) are told of every change.
final class DatabaseRulesRegistry: Sendable {
    /// The key of the file that applies to every namespace without a file of its own.
    static let everyNamespace = ""

    private let files: [String: WatchedRulesFile<DatabaseRulesInForce>]
    private let deployed = Mutex<[String: DatabaseRulesInForce]>([:])
    private let observers: RulesObservers
    private let logger: Logger
    /// Every evaluation of these rules, for the Requests feed (shared with Firestore's
    /// registry on a server).
    let evaluations: RulesEvaluationLog

    /// - Parameters:
    ///   - files: namespace → rules file path; ``everyNamespace`` for the default file.
    ///   - recheckInterval: how long a look at a file stays good; 0 looks before every request.
    /// - Throws: `RulesLoadError` when a file cannot be read or does not compile: a server
    ///   must not start with other rules than the ones asked for.
    init(
        files: [String: String], logger: Logger, recheckInterval: Duration = FirestoreRulesRegistry.defaultRecheckInterval,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }, evaluations: RulesEvaluationLog = RulesEvaluationLog()
    ) throws(RulesLoadError) {
        self.evaluations = evaluations
        let observers = RulesObservers()
        self.logger = logger
        self.observers = observers
        var watched: [String: WatchedRulesFile<DatabaseRulesInForce>] = [:]
        for (namespace, path) in files {
            watched[namespace] = try WatchedRulesFile(
                RulesFile(path: path), kind: "Realtime Database rules", recheckInterval: recheckInterval, now: now,
                logger: logger, compile: Self.load, reloaded: { observers.notify() })
        }
        self.files = watched
    }

    var allowsEverything: Bool {
        self.files.isEmpty && self.deployed.withLock { $0.isEmpty }
    }

    /// The rules for `namespace`, after picking up a change of its file; nil allows everything.
    func rules(for namespace: String) -> DatabaseRulesInForce? {
        if let deployed = self.deployed.withLock({ $0[namespace] }) { return deployed }
        return (self.files[namespace] ?? self.files[Self.everyNamespace])?.rules()
    }

    /// Puts uploaded (or recovered) rules in force for `namespace`.
    func install(_ rules: DatabaseRulesInForce, namespace: String) {
        self.deployed.withLock { $0[namespace] = rules }
        self.logger.info("Realtime Database rules for namespace \(namespace) now from \(rules.origin)")
        self.observers.notify()
    }

    func addObserver(_ observer: @escaping @Sendable () -> Void) -> Int {
        self.observers.add(observer)
    }

    func removeObserver(_ key: Int) {
        self.observers.remove(key)
    }

    /// Reads and compiles a rules file (also `hearth rules test`'s loader).
    @Sendable static func load(_ file: RulesFile) throws(RulesLoadError) -> DatabaseRulesInForce {
        let source = try file.read()
        switch DatabaseRulesInForce.compile(source, fileName: file.path, origin: file.path) {
        case .success(let rules): return rules
        case .failure(let error): throw RulesLoadError("The database rules file \(file.path) does not compile:\n\(error.message)")
        }
    }

    /// Each rules file by namespace (``everyNamespace`` for the default one) and why its
    /// current version is not in force (nil when it is), and the namespaces with uploaded
    /// rules: the UI's Overview.
    func status() -> (files: [(namespace: String, path: String, problem: String?)], deployed: [(namespace: String, origin: String)]) {
        let files = self.files.sorted { $0.key < $1.key }.map { (namespace: $0.key, path: $0.value.file.path, problem: $0.value.problem()) }
        let deployed = self.deployed.withLock { $0.map { (namespace: $0.key, origin: $0.value.origin) } }.sorted { $0.namespace < $1.namespace }
        return (files, deployed)
    }
}
