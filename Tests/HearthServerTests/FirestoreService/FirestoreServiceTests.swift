import HearthFirestore
import Testing

@testable import HearthServer

/// `FirestoreService` driven directly and through the REST routes in-process: every test runs
/// once per `FirestoreDriver` and asserts the same outcome, so a semantic that slipped back into
/// a route (or a route that decodes differently from the service's types) shows as a mismatch.
@Suite struct FirestoreServiceTests {
    /// Reads need a signed-in user, writes are Alice's, listing collection IDs is never granted.
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /notes/{note} {
              allow read: if request.auth != null;
              allow write: if request.auth.uid == 'alice';
            }
          }
        }
        """

    @Test(arguments: FirestoreDriver.allCases)
    func createThenGet(_ driver: FirestoreDriver) async throws {
        let firestore = try FirestoreHarness(driver)
        let created = try await firestore.create("notes", id: "n1", ["title": "hello"], as: .anonymous)
        #expect(created == TestWrite.map(["title": "hello"]))
        #expect(try await firestore.get("notes/n1", as: .anonymous) == TestWrite.map(["title": "hello"]))
    }

    /// Errors keep their code whichever way they leave (thrown, or HTTP status + JSON).
    @Test(arguments: FirestoreDriver.allCases)
    func errorsKeepTheirCode(_ driver: FirestoreDriver) async throws {
        let firestore = try FirestoreHarness(driver)
        await Self.expect(.notFound) { _ = try await firestore.get("notes/missing", as: .owner) }
        _ = try await firestore.create("notes", id: "n1", [:], as: .owner)
        await Self.expect(.alreadyExists) { _ = try await firestore.create("notes", id: "n1", [:], as: .owner) }
        await Self.expect(.invalidArgument) { _ = try await firestore.batchWrite([.delete("notes/a"), .delete("notes/a")], as: .owner) }
    }

    /// Each case: an operation, who calls it, and the error expected (nil: allowed). The rules
    /// are enforced inside the service, so both drivers must agree on every row.
    struct RulesCase: Sendable, CustomTestStringConvertible {
        let name: String
        let caller: TestCaller
        let expected: FirestoreError.Code?
        let run: @Sendable (FirestoreHarness, TestCaller) async throws -> Void
        var testDescription: String { self.name }
    }

    static let rulesCases: [RulesCase] = [
        RulesCase(name: "anonymous get", caller: .anonymous, expected: .permissionDenied) { try await _ = $0.get("notes/seed", as: $1) },
        RulesCase(name: "signed-in get", caller: .user("bob"), expected: nil) { try await _ = $0.get("notes/seed", as: $1) },
        RulesCase(name: "anonymous query", caller: .anonymous, expected: .permissionDenied) { try await _ = $0.runQuery("notes", as: $1) },
        RulesCase(name: "signed-in query", caller: .user("bob"), expected: nil) { try await _ = $0.runQuery("notes", as: $1) },
        RulesCase(name: "alice creates", caller: .user("alice"), expected: nil) { try await _ = $0.create("notes", id: "a", ["by": "alice"], as: $1) },
        RulesCase(name: "bob creates", caller: .user("bob"), expected: .permissionDenied) { try await _ = $0.create("notes", id: "b", [:], as: $1) },
        RulesCase(name: "bob commits", caller: .user("bob"), expected: .permissionDenied) { try await _ = $0.commit([.set("notes/b", [:])], as: $1) },
        RulesCase(name: "alice commits in a transaction", caller: .user("alice"), expected: nil) {
            try await _ = $0.commit([.set("notes/a", [:]), .delete("notes/seed")], inTransaction: true, as: $1)
        },
        RulesCase(name: "owner bypasses rules", caller: .owner, expected: nil) { try await _ = $0.commit([.set("elsewhere/x", [:])], as: $1) },
        RulesCase(name: "collection IDs need the owner", caller: .user("alice"), expected: .permissionDenied) { try await _ = $0.listCollectionIDs(as: $1) },
        RulesCase(name: "owner lists collection IDs", caller: .owner, expected: nil) { try await _ = $0.listCollectionIDs(as: $1) },
    ]

    @Test(arguments: FirestoreDriver.allCases, Self.rulesCases)
    func rulesAreEnforcedInTheService(_ driver: FirestoreDriver, _ rulesCase: RulesCase) async throws {
        let firestore = try FirestoreHarness(driver, rules: Self.rules)
        _ = try await firestore.commit([.set("notes/seed", ["title": "seed"])], as: .owner)
        if let expected = rulesCase.expected {
            await Self.expect(expected) { try await rulesCase.run(firestore, rulesCase.caller) }
        } else {
            try await rulesCase.run(firestore, rulesCase.caller)
        }
    }

    /// BatchWrite applies each write on its own: one failure does not stop the others, and
    /// each status says what happened to its write.
    @Test(arguments: FirestoreDriver.allCases)
    func batchWriteReportsEachWrite(_ driver: FirestoreDriver) async throws {
        let firestore = try FirestoreHarness(driver, rules: Self.rules)
        _ = try await firestore.commit([.set("notes/seed", [:])], as: .owner)
        let statuses = try await firestore.batchWrite([.set("notes/a", [:]), .create("notes/seed", [:]), .set("notes/b", [:])], as: .user("alice"))
        #expect(statuses == [nil, .alreadyExists, nil])
        #expect(try await firestore.runQuery("notes", as: .user("bob")) == ["a", "b", "seed"])
        let denied = try await firestore.batchWrite([.set("notes/c", [:])], as: .user("bob"))
        #expect(denied == [.permissionDenied])
    }

    @Test(arguments: FirestoreDriver.allCases)
    func commitAndQuery(_ driver: FirestoreDriver) async throws {
        let firestore = try FirestoreHarness(driver)
        let count = try await firestore.commit([.set("c/x", [:]), .set("c/y", [:]), .set("c/z", [:]), .delete("c/y")], as: .anonymous)
        #expect(count == 4)
        #expect(try await firestore.runQuery("c", as: .anonymous) == ["x", "z"])
        #expect(try await firestore.runQuery("c", limit: 1, as: .anonymous) == ["x"])
        #expect(try await firestore.listCollectionIDs(as: .anonymous) == ["c"])
    }

    /// Expects `body` to throw a `FirestoreError` with `code`.
    static func expect(_ code: FirestoreError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
        } catch let error as FirestoreError {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
        }
    }
}
