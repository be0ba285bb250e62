import HearthDatabase
import HearthRules
import Logging

/// Runs Realtime Database rules test files without a server: each case gets a fresh in-memory
/// namespace holding the file's seed, and its operation goes to a `DatabaseService`, the code
/// the server runs for the REST call: `.read` with the rules' `query` (and production's
/// `.indexOn` check, always on here), writes reviewed by the store under its lock with server
/// values resolved at the clock that is the rules' `now`.
struct DatabaseRulesTestRunner: Sendable {
    let logger: Logger

    /// Loads the rules, checks the seed can be written, then runs every case.
    /// - Throws: `RulesTestFileError` when the rules file cannot be read or does not compile,
    ///   or the seed cannot be written.
    func run(_ file: DatabaseRulesTestFile) async throws(RulesTestFileError) -> RulesTestReport {
        let rules: DatabaseRulesInForce
        do {
            rules = try DatabaseRulesRegistry.load(RulesFile(path: file.rulesPath))
        } catch {
            throw RulesTestFileError("\(file.path): error: \(error.message)")
        }
        do {
            _ = try Self.namespaces(for: file)
        } catch {
            throw RulesTestFileError("\(file.path): error: seed: \(error.message)")
        }
        var outcomes: [RulesTestOutcome] = []
        for testCase in file.cases { outcomes.append(await self.run(testCase, in: file, rules: rules)) }
        return RulesTestReport(file: file.path, outcomes: outcomes)
    }

    /// One case against a fresh namespace: 401 Permission denied is a deny, success an allow,
    /// and any other error (`Index not defined`, data too deep) is reported as such.
    func run(_ testCase: DatabaseRulesTestCase, in file: DatabaseRulesTestFile, rules: DatabaseRulesInForce) async -> RulesTestOutcome {
        func outcome(_ result: RulesTestOutcome.Result) -> RulesTestOutcome {
            RulesTestOutcome(name: testCase.name, expected: testCase.expectation, result: result)
        }
        let namespace = Self.namespace(of: file)
        let namespaces: DatabaseNamespaces
        do {
            namespaces = try Self.namespaces(for: file)
            if let seed = testCase.seed { _ = try namespaces.store(for: namespace).update(.root, seed) }
        } catch {
            return outcome(.error("the case's seed cannot be written: \(error)"))
        }
        let decisions = RulesTestDecisionLog()
        var service = self.service(namespaces, rules: rules, namespace: namespace)
        service.decisionObserver = { decisions.record($0.explanation) }
        let caller = DatabaseCaller.user(auth: testCase.auth, expires: nil)
        do throws(DatabaseError) {
            switch testCase.operation {
            case .read(let path, let query): _ = try service.read(DatabaseRead(namespace: namespace, path: path, query: query), as: caller)
            case .set(let path, let data): _ = try await service.set(DatabaseSet(namespace: namespace, path: path, value: data), as: caller)
            case .push(let path, let data): _ = try await service.push(DatabasePush(namespace: namespace, path: path, value: data), as: caller)
            case .update(let path, let update): _ = try await service.merge(DatabaseMerge(namespace: namespace, path: path, update: update), as: caller)
            case .delete(let path): _ = try await service.delete(DatabaseDelete(namespace: namespace, path: path), as: caller)
            }
            return outcome(.verdict(.allow, explanation: decisions.summary))
        } catch where error.kind == .unauthorized {
            return outcome(.verdict(.deny, explanation: decisions.summary))
        } catch {
            return outcome(.error(error.description))
        }
    }

    /// A service over `namespaces` with `rules` in force and `.indexOn` enforced, as production
    /// does. Its registry logs nothing: installing the case's rules is not news to the user.
    private func service(_ namespaces: DatabaseNamespaces, rules: DatabaseRulesInForce, namespace: String) -> DatabaseService {
        let quiet = Logger(label: "hearth.rules.test.registry", factory: { _ in SwiftLogNoOpLogHandler() })
        let registry: DatabaseRulesRegistry
        do {
            registry = try DatabaseRulesRegistry(files: [:], logger: quiet)
        } catch {
            preconditionFailure("A rules registry without files has nothing to load, yet failed: \(error)")
        }
        registry.install(rules, namespace: namespace)
        var settings = DatabaseSettings()
        settings.defaultNamespace = namespace
        settings.enforcesIndexes = true
        return DatabaseService(namespaces: namespaces, rules: registry, settings: settings, logger: self.logger)
    }

    /// The namespace a file's cases run in: its project's default database.
    static func namespace(of file: DatabaseRulesTestFile) -> String {
        "\(file.project)-default-rtdb"
    }

    /// In-memory namespaces with the file's clock, its namespace holding its seed, written as the owner.
    static func namespaces(for file: DatabaseRulesTestFile) throws(DatabaseError) -> DatabaseNamespaces {
        let fixed = file.now
        let namespaces = DatabaseNamespaces(now: { fixed ?? WallClock.milliseconds() })
        if let seed = file.seed { _ = try namespaces.store(for: Self.namespace(of: file)).set(.root, seed) }
        return namespaces
    }
}
