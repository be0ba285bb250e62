import HearthFirestore
import HearthRules
public import Logging

/// Runs rules test files without a server. A Firestore file's cases each get a fresh in-memory
/// store holding the file's seed documents, and their requests are calls of the
/// `FirestoreService` the server's REST routes call (GetDocument, RunQuery judged from the
/// query, Commit reviewed write by write under the store lock, in a transaction when the case
/// says so); a Realtime Database file (`"database"`) is run the same way by
/// ``DatabaseRulesTestRunner``.
public struct RulesTestRunner: Sendable {
    /// Receives the rules' `debug()` output (at info level) and denial notices.
    let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    /// Loads the test file (either kind) and its rules, then runs every case.
    /// - Throws: `RulesTestFileError` when the file is malformed, its rules file cannot be read
    ///   or does not compile, or its seed is invalid.
    public func run(file path: String) async throws(RulesTestFileError) -> RulesTestReport {
        switch try RulesTestDocument.load(path) {
        case .firestore(let file): try await self.run(file)
        case .database(let file): try await DatabaseRulesTestRunner(logger: self.logger).run(file)
        }
    }

    func run(_ file: RulesTestFile) async throws(RulesTestFileError) -> RulesTestReport {
        let rules: RulesInForce
        do {
            rules = try FirestoreRulesRegistry.load(RulesFile(path: file.rulesPath))
        } catch {
            throw RulesTestFileError("\(file.path): error: \(error.message)")
        }
        do {
            _ = try DocumentStore(database: file.database).commit(file.seed)
        } catch {
            throw RulesTestFileError("\(file.path): error: seed: \(error.message)")
        }
        var outcomes: [RulesTestOutcome] = []
        for testCase in file.cases { outcomes.append(await self.run(testCase, in: file, rules: rules)) }
        return RulesTestReport(file: file.path, outcomes: outcomes)
    }

    /// One case against a fresh store: PERMISSION_DENIED is a deny, success an allow, and any
    /// other error (a failed precondition, an invalid document) is reported as such.
    func run(_ testCase: RulesTestCase, in file: RulesTestFile, rules: RulesInForce) async -> RulesTestOutcome {
        let databases = FirestoreDatabases()
        let store = databases.store(for: file.database)
        let decisions = RulesTestDecisionLog()
        let service = FirestoreService(
            databases: databases, rules: { _ in rules }, logger: self.logger, decisionObserver: { decisions.record($0.explanation) })
        let caller = Caller(testCase.identity)
        let database = file.database
        func outcome(_ result: RulesTestOutcome.Result) -> RulesTestOutcome {
            RulesTestOutcome(name: testCase.name, expected: testCase.expectation, result: result)
        }
        do {
            let seed = file.seed + testCase.seed
            if !seed.isEmpty { _ = try store.commit(seed) }
        } catch {
            return outcome(.error("the case's seed cannot be written: \(error)"))
        }
        do throws(FirestoreError) {
            switch testCase.operation {
            case .get(let path):
                do throws(FirestoreError) {
                    _ = try service.getDocument(GetDocumentRequest(database: database, path: path), caller: caller)
                } catch where error.code == .notFound {
                    // Allowed: the rules are judged before a missing document is reported.
                }
            case .list(let query):
                _ = try service.runQuery(RunQueryRequest(database: database, query: query), caller: caller)
            case .commit(let writes):
                // The transaction is begun as the owner: beginning one is not judged by rules.
                let transaction = try testCase.inTransaction
                    ? service.beginTransaction(BeginTransactionRequest(database: database), caller: .owner) : nil
                _ = try await service.commit(CommitRequest(database: database, writes: writes, transaction: transaction), caller: caller)
            }
            return outcome(.verdict(.allow, explanation: decisions.summary))
        } catch where error.code == .permissionDenied {
            return outcome(.verdict(.deny, explanation: self.explanation(error.message, in: file.database)))
        } catch {
            return outcome(.error(self.explanation(error.description, in: file.database)))
        }
    }

    /// An error's message without production's denial prefix and with document names relative
    /// to the database, e.g. `get on events/e1 was denied: rules/firestore.rules:32: allow get → false`.
    private func explanation(_ message: String, in database: DatabaseID) -> String {
        var text = Substring(message)
        let prefix = "Missing or insufficient permissions. Hearth: "
        if text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        return String(text).replacing(database.documentsRoot + "/", with: "")
    }
}
