import HearthDatabase
import HearthRules
import Logging

/// Runs Realtime Database rules test files without a server: each case gets a fresh in-memory
/// store holding the file's seed, and its request goes through a `DatabaseCall`, the same
/// authorization code the server runs for the REST call: `.read` with the rules' `query` (and
/// production's `.indexOn` check), writes reviewed by the store under its lock with server
/// values resolved at the clock that is the rules' `now`.
struct DatabaseRulesTestRunner: Sendable {
    let logger: Logger

    /// Loads the rules, checks the seed can be written, then runs every case.
    /// - Throws: `RulesTestFileError` when the rules file cannot be read or does not compile,
    ///   or the seed cannot be written.
    func run(_ file: DatabaseRulesTestFile) throws(RulesTestFileError) -> RulesTestReport {
        let rules: DatabaseRulesInForce
        do {
            rules = try DatabaseRulesRegistry.load(RulesFile(path: file.rulesPath))
        } catch {
            throw RulesTestFileError("\(file.path): error: \(error.message)")
        }
        do {
            _ = try Self.store(for: file)
        } catch {
            throw RulesTestFileError("\(file.path): error: seed: \(error.message)")
        }
        let outcomes = file.cases.map { self.run($0, in: file, rules: rules) }
        return RulesTestReport(file: file.path, outcomes: outcomes)
    }

    /// One case against a fresh store: 401 Permission denied is a deny, success an allow, and
    /// any other error (`Index not defined`, data too deep) is reported as such.
    func run(_ testCase: DatabaseRulesTestCase, in file: DatabaseRulesTestFile, rules: DatabaseRulesInForce) -> RulesTestOutcome {
        func outcome(_ result: RulesTestOutcome.Result) -> RulesTestOutcome {
            RulesTestOutcome(name: testCase.name, expected: testCase.expectation, result: result)
        }
        let store: DatabaseStore
        do {
            store = try Self.store(for: file)
            if let seed = testCase.seed { _ = try store.update(.root, seed) }
        } catch {
            return outcome(.error("the case's seed cannot be written: \(error)"))
        }
        let decisions = RulesTestDecisionLog()
        var call = DatabaseCall(request: Self.request(testCase, namespace: store.namespace), store: store, rules: rules, logger: self.logger)
        call.decisionObserver = { decisions.record($0.explanation) }
        do throws(DatabaseError) {
            switch testCase.operation {
            case .read:
                try call.authorizeRead()
                try call.requireIndex()
            case .set(let path, let data): _ = try store.set(path, data, review: call.reviewer)
            case .push(let path, let data): _ = try store.push(path, data, review: call.reviewer)
            case .update(let path, let update): _ = try store.update(path, update, review: call.reviewer)
            case .delete(let path): _ = try store.delete(path, review: call.reviewer)
            }
            return outcome(.verdict(.allow, explanation: decisions.summary))
        } catch where error.kind == .unauthorized {
            return outcome(.verdict(.deny, explanation: decisions.summary))
        } catch {
            return outcome(.error(error.description))
        }
    }

    /// A store with the file's clock and seed, written as the owner.
    static func store(for file: DatabaseRulesTestFile) throws(DatabaseError) -> DatabaseStore {
        let fixed = file.now
        let store = DatabaseStore(namespace: "\(file.project)-default-rtdb", now: { fixed ?? WallClock.milliseconds() })
        if let seed = file.seed { _ = try store.set(.root, seed) }
        return store
    }

    /// The REST request the case stands for, made by a user under rules.
    static func request(_ testCase: DatabaseRulesTestCase, namespace: String) -> DatabaseRequest {
        let caller = DatabaseCaller.user(auth: testCase.auth, expires: nil)
        switch testCase.operation {
        case .read(let path, let query): return DatabaseRequest(method: .get, namespace: namespace, path: path, caller: caller, query: query)
        case .set(let path, _): return DatabaseRequest(method: .put, namespace: namespace, path: path, caller: caller)
        case .push(let path, _): return DatabaseRequest(method: .post, namespace: namespace, path: path, caller: caller)
        case .update(let path, _): return DatabaseRequest(method: .patch, namespace: namespace, path: path, caller: caller)
        case .delete(let path): return DatabaseRequest(method: .delete, namespace: namespace, path: path, caller: caller)
        }
    }
}
