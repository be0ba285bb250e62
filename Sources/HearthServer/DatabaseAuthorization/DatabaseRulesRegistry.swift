import HearthRules
import Logging
import Synchronization

/// The Realtime Database rules in force: the `--database-rules` file for every namespace
/// (reloaded when it changes), overridden per namespace by rules uploaded with
/// `PUT /.settings/rules.json`, as the emulator keys rules by namespace. Neither: every request
/// is allowed, as in the emulator (`{"rules":{".read":true,".write":true}}`).
///
/// Cost per request: one `stat(2)` of the file and one uncontended lock; a changed file is read
/// and compiled once, by the first request that notices, so the next request after an edit is
/// judged by the new rules. A file that stops compiling keeps the previous rules and its errors
/// are logged with line and column. Observers (open streams) are told of every change.
final class DatabaseRulesRegistry: Sendable {
    private struct State: Sendable {
        var fromFile: DatabaseRulesInForce?
        var signature: RulesFile.Signature?
        var deployed: [String: DatabaseRulesInForce] = [:]
        var observers: [Int: @Sendable () -> Void] = [:]
        var nextObserver = 0
    }

    private let file: RulesFile?
    private let state = Mutex(State())
    private let logger: Logger

    /// - Throws: `RulesLoadError` when the file cannot be read or does not compile: a server
    ///   must not start with other rules than the ones asked for.
    init(file path: String?, logger: Logger) throws(RulesLoadError) {
        self.logger = logger
        self.file = path.map(RulesFile.init(path:))
        guard let file = self.file else { return }
        let signature = file.signature()
        let rules = try Self.load(file)
        self.state.withLock {
            $0.fromFile = rules
            $0.signature = signature
        }
    }

    var allowsEverything: Bool {
        self.file == nil && self.state.withLock { $0.deployed.isEmpty }
    }

    /// The rules for `namespace`, after picking up a change of the file; nil allows everything.
    func rules(for namespace: String) -> DatabaseRulesInForce? {
        let signature = self.file?.signature()
        let (rules, changed) = self.state.withLock { state -> (DatabaseRulesInForce?, Bool) in
            let changed = self.file != nil && state.signature != signature
            if changed { state.signature = signature }
            return (state.deployed[namespace] ?? state.fromFile, changed)
        }
        guard changed, let file = self.file else { return rules }
        self.reload(file, present: signature != nil)
        return self.state.withLock { $0.deployed[namespace] ?? $0.fromFile }
    }

    /// Puts uploaded (or recovered) rules in force for `namespace`.
    func install(_ rules: DatabaseRulesInForce, namespace: String) {
        self.state.withLock { $0.deployed[namespace] = rules }
        self.logger.info("Realtime Database rules for namespace \(namespace) now from \(rules.origin)")
        self.notifyObservers()
    }

    func addObserver(_ observer: @escaping @Sendable () -> Void) -> Int {
        self.state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = observer
            return state.nextObserver
        }
    }

    func removeObserver(_ key: Int) {
        _ = self.state.withLock { $0.observers.removeValue(forKey: key) }
    }

    private func notifyObservers() {
        for observer in self.state.withLock({ Array($0.observers.values) }) { observer() }
    }

    private func reload(_ file: RulesFile, present: Bool) {
        guard present else {
            self.logger.warning("The database rules file \(file.path) is gone; the previous rules stay in force until it is back.")
            return
        }
        do {
            let rules = try Self.load(file)
            self.state.withLock { $0.fromFile = rules }
            self.logger.info("Reloaded Realtime Database rules from \(file.path)")
            self.notifyObservers()
        } catch {
            self.logger.error("\(error)\nThe previous rules stay in force; fix the file and save it again.")
        }
    }

    static func load(_ file: RulesFile) throws(RulesLoadError) -> DatabaseRulesInForce {
        let source = try file.read()
        switch DatabaseRulesInForce.compile(source, fileName: file.path, origin: file.path) {
        case .success(let rules): return rules
        case .failure(let error): throw RulesLoadError("The database rules file \(file.path) does not compile:\n\(error.message)")
        }
    }
}
