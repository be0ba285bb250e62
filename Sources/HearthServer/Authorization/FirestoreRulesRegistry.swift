import HearthRules
public import Logging
import Synchronization

/// The Firestore security rules in force: the `--rules` file (reloaded when it changes, see
/// `WatchedRulesFile` for what that costs per request) for every project, overridden per
/// project by rules deployed with `PUT /emulator/v1/projects/{p}:securityRules`, as the
/// emulator suite keys rules by project. No file and nothing deployed: every request is
/// allowed, as in the emulator suite.
public final class FirestoreRulesRegistry: Sendable {
    /// How long a look at the rules file stays good by default (`--rules-check-interval`).
    public static let defaultRecheckInterval: Duration = .milliseconds(10)

    private let file: WatchedRulesFile<RulesInForce>?
    private let deployed = Mutex<[String: RulesInForce]>([:])
    private let observers: RulesObservers
    private let logger: Logger
    /// Every evaluation of these rules, for the Requests feed (shared with the Realtime
    /// Database's registry on a server, which takes it from here).
    let evaluations: RulesEvaluationLog

    /// Loads the rules file, if any.
    /// - Parameters:
    ///   - recheckInterval: how long a look at the file stays good; 0 looks before every request.
    ///   - now: the clock the interval is measured on (tests inject a manual one).
    /// - Throws: `RulesLoadError` with every compile error when the file does not compile or
    ///   cannot be read: a server must not start with rules other than the ones asked for.
    public init(
        file path: String?, logger: Logger, recheckInterval: Duration = defaultRecheckInterval,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) throws(RulesLoadError) {
        self.evaluations = RulesEvaluationLog()
        let observers = RulesObservers()
        self.logger = logger
        self.observers = observers
        self.file = try path.map { path throws(RulesLoadError) in
            try WatchedRulesFile(
                RulesFile(path: path), kind: "Firestore rules", recheckInterval: recheckInterval, now: now, logger: logger,
                compile: { file throws(RulesLoadError) in
                    let rules = try Self.load(file)
                    for warning in rules.ruleset.warnings { logger.warning("\(warning)") }
                    return rules
                }, reloaded: { observers.notify() })
        }
    }

    /// True when nothing restricts requests (no rules file and nothing deployed).
    public var allowsEverything: Bool {
        self.file == nil && self.deployed.withLock { $0.isEmpty }
    }

    /// The rules for `project`, after picking up any change to the rules file; nil = allow all.
    func rules(for project: String) -> RulesInForce? {
        let fromFile = self.file?.rules()
        return self.deployed.withLock { $0[project] } ?? fromFile
    }

    /// Puts `rules` in force for `project` (deployed, or recovered from the data file).
    func install(_ rules: RulesInForce, project: String) {
        self.deployed.withLock { $0[project] = rules }
        self.logger.info("Firestore rules for project \(project) now from \(rules.origin)")
        self.observers.notify()
    }

    /// Calls `observer` after every change of the rules in force (open listeners re-check their
    /// access then). Returns the key to pass to `removeObserver`.
    func addObserver(_ observer: @escaping @Sendable () -> Void) -> Int {
        self.observers.add(observer)
    }

    func removeObserver(_ key: Int) {
        self.observers.remove(key)
    }

    /// Reads and compiles a rules file (also `hearth rules test`'s loader).
    @Sendable static func load(_ file: RulesFile) throws(RulesLoadError) -> RulesInForce {
        let source = try file.read()
        let (rules, diagnostics) = RulesInForce.compile(source, fileName: file.path, origin: file.path)
        guard let rules else {
            throw RulesLoadError("The rules file \(file.path) does not compile:\n\(diagnostics.formatted(source: source))")
        }
        return rules
    }

    /// The rules file (if any) and why its current version is not in force (nil when it is),
    /// and the projects with deployed rules and where those came from: the UI's Overview.
    func status() -> (file: (path: String, problem: String?)?, deployed: [(project: String, origin: String)]) {
        let file = self.file.map { (path: $0.file.path, problem: $0.problem()) }
        let deployed = self.deployed.withLock { $0.map { (project: $0.key, origin: $0.value.origin) } }.sorted { $0.project < $1.project }
        return (file, deployed)
    }
}
