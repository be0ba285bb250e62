import HearthFirestore
import Testing

@testable import HearthServer

/// Query Explain (`explain_options`), through the service and through the router alike: the
/// plan names the index the query walks; without `analyze` nothing is read or returned; with
/// it the documents come back as usual and the counts say what the walk took. Rules judge an
/// explained query as the query itself.
@Suite struct FirestoreServiceExplainTests {
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /c/{id} { allow read: if request.auth != null; }
          }
        }
        """

    /// c/a, c/b, c/d in "red", c/c in "blue".
    static func seeded(_ driver: FirestoreDriver) async throws -> FirestoreHarness {
        let firestore = try FirestoreHarness(driver, rules: Self.rules)
        _ = try await firestore.commit(
            [.set("c/a", ["color": "red"]), .set("c/b", ["color": "red"]), .set("c/c", ["color": "blue"]), .set("c/d", ["color": "red"])],
            as: .owner)
        return firestore
    }

    @Test(arguments: FirestoreDriver.allCases)
    func aPlanReadsNothing(_ driver: FirestoreDriver) async throws {
        let firestore = try await Self.seeded(driver)
        let plan = try await firestore.explain("c", where: "color", is: "red", analyze: false, as: .user("alice"))
        #expect(plan == .init(ids: [], indexes: ["(color ASC, __name__ ASC)"], counts: nil))
        let count = try await firestore.explain("c", where: "color", is: "red", aggregate: true, analyze: false, as: .user("alice"))
        #expect(count == .init(ids: [], indexes: ["(color ASC, __name__ ASC)"], counts: nil))
    }

    @Test(arguments: FirestoreDriver.allCases)
    func analyzeRunsTheQueryAndCountsTheWalk(_ driver: FirestoreDriver) async throws {
        let firestore = try await Self.seeded(driver)
        // returned, read operations, index entries scanned, documents scanned
        let all = try await firestore.explain("c", where: "color", is: "red", analyze: true, as: .user("alice"))
        #expect(all == .init(ids: ["a", "b", "d"], indexes: ["(color ASC, __name__ ASC)"], counts: [3, 3, 3, 3]))
        // The limit stops the walk: the third red entry is never reached.
        let two = try await firestore.explain("c", where: "color", is: "red", limit: 2, analyze: true, as: .user("alice"))
        #expect(two.counts == [2, 2, 2, 2])
        // Nothing found still costs one read, as production bills it.
        let none = try await firestore.explain("c", where: "color", is: "green", analyze: true, as: .user("alice"))
        #expect(none == .init(ids: [], indexes: ["(color ASC, __name__ ASC)"], counts: [0, 1, 0, 0]))
        // A count returns one result; reads are one per 1,000 index entries, at least one.
        let count = try await firestore.explain("c", where: "color", is: "red", aggregate: true, analyze: true, as: .user("alice"))
        #expect(count == .init(ids: [], indexes: ["(color ASC, __name__ ASC)"], counts: [1, 1, 3, 3]))
    }

    @Test(arguments: FirestoreDriver.allCases)
    func rulesJudgeAnExplainedQueryAsTheQuery(_ driver: FirestoreDriver) async throws {
        let firestore = try await Self.seeded(driver)
        await FirestoreServiceTests.expect(.permissionDenied) {
            _ = try await firestore.explain("c", where: "color", is: "red", analyze: false, as: .anonymous)
        }
        await FirestoreServiceTests.expect(.permissionDenied) {
            _ = try await firestore.explain("c", where: "color", is: "red", aggregate: true, analyze: true, as: .anonymous)
        }
    }
}
