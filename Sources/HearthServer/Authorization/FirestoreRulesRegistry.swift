import HearthRules
public import Logging
import Synchronization

/// The Firestore security rules in force: the `--rules` file (reloaded when it changes) for
/// every project, overridden per project by rules deployed with
/// `PUT /emulator/v1/projects/{p}:securityRules`, as the emulator suite keys rules by project.
/// No file and nothing deployed: every request is allowed, as in the emulator suite.
///
/// Cost per request: one uncontended lock and a read of the monotonic clock. The file is
/// examined (one `stat(2)`: a path lookup in the kernel, 3% of the server's CPU time for a
/// rules-checked GetDocument when every request did it) by a request arriving
/// `recheckInterval` or more after the last look, and read and compiled only when its
/// signature changed, by the first request that notices. So the next request after an edit is
/// judged by the new rules unless it follows a previous request within the interval (10 ms by
/// default: never a person saving the file and then sending a request;
/// `--rules-check-interval 0` looks before every request). A file that stops compiling keeps
/// the previous rules in force and its errors are logged with file:line:column.
public final class FirestoreRulesRegistry: Sendable {
    /// How long a look at the rules file stays good by default.
    public static let defaultRecheckInterval: Duration = .milliseconds(10)

    private struct State: Sendable {
        var fromFile: RulesInForce?
        var signature: RulesFile.Signature?
        /// When the file is next examined; requests before then take the rules as they are.
        var nextCheck: ContinuousClock.Instant
        var deployed: [String: RulesInForce] = [:]
    }

    private let file: RulesFile?
    private let state: Mutex<State>
    private let observers = RulesObservers()
    private let logger: Logger
    private let recheckInterval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

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
        self.logger = logger
        self.file = path.map(RulesFile.init(path:))
        self.recheckInterval = recheckInterval
        self.now = now
        self.state = Mutex(State(nextCheck: now()))
        guard let file = self.file else { return }
        let signature = file.signature()
        let rules = try Self.load(file)
        self.state.withLock {
            $0.fromFile = rules
            $0.signature = signature
        }
    }

    /// True when nothing restricts requests (no rules file and nothing deployed).
    public var allowsEverything: Bool {
        self.file == nil && self.state.withLock { $0.deployed.isEmpty }
    }

    /// The rules for `project`, after picking up any change to the rules file; nil = allow all.
    func rules(for project: String) -> RulesInForce? {
        guard let file = self.file else { return self.state.withLock { $0.deployed[project] } }
        let now = self.now()
        let (rules, due) = self.state.withLock { state -> (RulesInForce?, Bool) in
            let due = now >= state.nextCheck
            if due { state.nextCheck = now + self.recheckInterval }
            return (state.deployed[project] ?? state.fromFile, due)
        }
        guard due else { return rules }
        let signature = file.signature()
        let changed = self.state.withLock { state -> Bool in
            guard state.signature != signature else { return false }
            // Claim the new signature under the lock so concurrent requests compile it only once.
            state.signature = signature
            return true
        }
        guard changed else { return rules }
        self.reload(file, signature: signature)
        return self.state.withLock { $0.deployed[project] ?? $0.fromFile }
    }

    /// Puts `rules` in force for `project` (deployed, or recovered from the data file).
    func install(_ rules: RulesInForce, project: String) {
        self.state.withLock { $0.deployed[project] = rules }
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

    /// Reads and compiles the changed file; on failure the previous rules stay in force.
    private func reload(_ file: RulesFile, signature: RulesFile.Signature?) {
        guard signature != nil else {
            self.logger.warning("The rules file \(file.path) is gone; the previous rules stay in force until it is back.")
            return
        }
        do {
            let rules = try Self.load(file)
            self.state.withLock { $0.fromFile = rules }
            self.logger.info("Reloaded Firestore rules from \(file.path)")
            self.observers.notify()
        } catch {
            self.logger.error("\(error)\nThe previous rules stay in force; fix the file and save it again.")
        }
    }

    /// Reads and compiles a rules file (also `hearth rules test`'s loader).
    static func load(_ file: RulesFile) throws(RulesLoadError) -> RulesInForce {
        let source = try file.read()
        let (rules, diagnostics) = RulesInForce.compile(source, fileName: file.path, origin: file.path)
        guard let rules else {
            throw RulesLoadError("The rules file \(file.path) does not compile:\n\(diagnostics.formatted(source: source))")
        }
        return rules
    }
}
