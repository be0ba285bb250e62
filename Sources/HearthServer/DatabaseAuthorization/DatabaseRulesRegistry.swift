import HearthRules
import Logging
import Synchronization

/// The Realtime Database rules in force: rules files (`--database-rules`, or per namespace from
/// `firebase.json`'s `database` array), each reloaded when it changes, overridden per namespace
/// by rules uploaded with `PUT /.settings/rules.json`, as the emulator keys rules by namespace.
/// No file and nothing uploaded: every request is allowed, as in the emulator
/// (`{"rules":{".read":true,".write":true}}`).
///
/// Lookup order for a namespace: uploaded rules, its own file, the file for every namespace.
/// Cost per request: one `stat(2)` of the file that applies and one uncontended lock; a
/// changed file is read and compiled once, by the first request that notices, so the next
/// request after an edit is judged by the new rules. A file that stops compiling keeps the
/// previous rules and its errors are logged with line and column. Observers (open streams)
/// are told of every change.
final class DatabaseRulesRegistry: Sendable {
    /// The key of the file that applies to every namespace without a file of its own.
    static let everyNamespace = ""

    private struct Loaded: Sendable {
        var rules: DatabaseRulesInForce
        var signature: RulesFile.Signature?
    }

    private struct State: Sendable {
        var files: [String: Loaded] = [:]
        var deployed: [String: DatabaseRulesInForce] = [:]
    }

    private let files: [String: RulesFile]
    private let state = Mutex(State())
    private let observers = RulesObservers()
    private let logger: Logger

    /// - Parameter files: namespace → rules file path; ``everyNamespace`` for the default file.
    /// - Throws: `RulesLoadError` when a file cannot be read or does not compile: a server
    ///   must not start with other rules than the ones asked for.
    init(files: [String: String], logger: Logger) throws(RulesLoadError) {
        self.logger = logger
        self.files = files.mapValues(RulesFile.init(path:))
        var loaded: [String: Loaded] = [:]
        for (namespace, file) in self.files {
            let signature = file.signature()
            loaded[namespace] = Loaded(rules: try Self.load(file), signature: signature)
        }
        self.state.withLock { $0.files = loaded }
    }

    var allowsEverything: Bool {
        self.files.isEmpty && self.state.withLock { $0.deployed.isEmpty }
    }

    /// The rules for `namespace`, after picking up a change of its file; nil allows everything.
    func rules(for namespace: String) -> DatabaseRulesInForce? {
        let key = self.files[namespace] != nil ? namespace : Self.everyNamespace
        let file = self.files[key]
        let signature = file?.signature()
        let (rules, changed) = self.state.withLock { state -> (DatabaseRulesInForce?, Bool) in
            if let deployed = state.deployed[namespace] { return (deployed, false) }
            let changed = file != nil && state.files[key]?.signature != signature
            if changed { state.files[key]?.signature = signature }
            return (state.files[key]?.rules, changed)
        }
        guard changed, let file else { return rules }
        self.reload(file, key: key, present: signature != nil)
        return self.state.withLock { $0.deployed[namespace] ?? $0.files[key]?.rules }
    }

    /// Puts uploaded (or recovered) rules in force for `namespace`.
    func install(_ rules: DatabaseRulesInForce, namespace: String) {
        self.state.withLock { $0.deployed[namespace] = rules }
        self.logger.info("Realtime Database rules for namespace \(namespace) now from \(rules.origin)")
        self.observers.notify()
    }

    func addObserver(_ observer: @escaping @Sendable () -> Void) -> Int {
        self.observers.add(observer)
    }

    func removeObserver(_ key: Int) {
        self.observers.remove(key)
    }

    private func reload(_ file: RulesFile, key: String, present: Bool) {
        guard present else {
            self.logger.warning("The database rules file \(file.path) is gone; the previous rules stay in force until it is back.")
            return
        }
        do {
            let rules = try Self.load(file)
            self.state.withLock { $0.files[key]?.rules = rules }
            self.logger.info("Reloaded Realtime Database rules from \(file.path)")
            self.observers.notify()
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
