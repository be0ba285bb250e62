import Logging
import Synchronization

/// A rules file kept compiled and reloaded when it changes: the part both rules registries
/// (Firestore's `--rules`, the Realtime Database's `--database-rules` files) share.
///
/// Cost per request: one uncontended lock and a read of the monotonic clock. The file is
/// examined (one `stat(2)`: a path lookup in the kernel, 3% of the server's CPU time for a
/// rules-checked GetDocument when every request did it) by a request arriving
/// `recheckInterval` or more after the last look, and read and compiled only when its
/// signature changed, by the first request that notices. So the next request after an edit is
/// judged by the new rules unless it follows a previous request within the interval (10 ms by
/// default: never a person saving the file and then sending a request;
/// `--rules-check-interval 0` looks before every request). A file that stops compiling, or
/// disappears, keeps the previous rules in force, and the log says why and what to do.
final class WatchedRulesFile<Rules: Sendable>: Sendable {
    /// How long a look at a rules file stays good by default.
    static var defaultRecheckInterval: Duration { .milliseconds(10) }

    private struct State: Sendable {
        var rules: Rules
        var signature: RulesFile.Signature?
        /// When the file is next examined; requests before then take the rules as they are.
        var nextCheck: ContinuousClock.Instant
        /// Why the file's latest version is not in force (it does not compile, or is gone);
        /// nil when it is.
        var problem: String?
    }

    let file: RulesFile
    /// What the log calls these rules ("Firestore rules", "Realtime Database rules").
    private let kind: String
    private let state: Mutex<State>
    private let recheckInterval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let compile: @Sendable (RulesFile) throws(RulesLoadError) -> Rules
    /// Called after the rules in force changed (open streams re-check their access then).
    private let reloaded: @Sendable () -> Void
    private let logger: Logger

    /// Reads and compiles the file.
    /// - Throws: `RulesLoadError` when the file cannot be read or does not compile: a server
    ///   must not start with rules other than the ones asked for.
    init(
        _ file: RulesFile, kind: String, recheckInterval: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant,
        logger: Logger, compile: @escaping @Sendable (RulesFile) throws(RulesLoadError) -> Rules,
        reloaded: @escaping @Sendable () -> Void
    ) throws(RulesLoadError) {
        self.file = file
        self.kind = kind
        self.recheckInterval = recheckInterval
        self.now = now
        self.logger = logger
        self.compile = compile
        self.reloaded = reloaded
        let signature = file.signature()
        self.state = Mutex(State(rules: try compile(file), signature: signature, nextCheck: now()))
    }

    /// The rules, after picking up a change of the file if a look is due.
    func rules() -> Rules {
        let now = self.now()
        let (rules, due) = self.state.withLock { state -> (Rules, Bool) in
            let due = now >= state.nextCheck
            if due { state.nextCheck = now + self.recheckInterval }
            return (state.rules, due)
        }
        guard due else { return rules }
        let signature = self.file.signature()
        let changed = self.state.withLock { state -> Bool in
            guard state.signature != signature else { return false }
            // Claim the new signature under the lock so concurrent requests compile it only once.
            state.signature = signature
            return true
        }
        guard changed else { return rules }
        return self.reload(present: signature != nil) ?? rules
    }

    /// Reads and compiles the changed file; nil (the previous rules stay) when that fails.
    private func reload(present: Bool) -> Rules? {
        guard present else {
            let problem = "The \(self.kind) file \(self.file.path) is gone; the previous rules stay in force until it is back."
            self.state.withLock { $0.problem = problem }
            self.logger.warning("\(problem)")
            return nil
        }
        do {
            let rules = try self.compile(self.file)
            self.state.withLock {
                $0.rules = rules
                $0.problem = nil
            }
            self.logger.info("Reloaded \(self.kind) from \(self.file.path)")
            self.reloaded()
            return rules
        } catch {
            self.state.withLock { $0.problem = "\(error)" }
            self.logger.error("\(error)\nThe previous rules stay in force; fix the file and save it again.")
            return nil
        }
    }

    /// Whether the file as it is now is in force, after looking at it if a look is due: nil
    /// when it is, else why not (its compile errors at file:line:column, or that it is gone),
    /// for the UI's Overview, so a broken edit is shown instead of silently ignored.
    func problem() -> String? {
        _ = self.rules()
        return self.state.withLock { $0.problem }
    }
}
