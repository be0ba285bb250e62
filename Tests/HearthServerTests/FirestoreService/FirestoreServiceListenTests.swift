import HearthFirestore
import Synchronization
import Testing

@testable import HearthServer

/// Opening a listen through `FirestoreService`, with no stream and no socket: the rules are
/// judged before anything is registered, the grant's subscription yields the initial snapshot
/// and then every change, and the grant re-judges the caller by newer rules (what a stream
/// does on each delivery).
@Suite struct FirestoreServiceListenTests {
    @Test func aDeniedListenRegistersNothing() async throws {
        let firestore = try FirestoreHarness(.service, rules: FirestoreServiceTests.rules)
        let request = ListenRequest(
            database: FirestoreHarness.database, target: .document(try DocumentPath(parsing: "notes/n")),
            access: .get([try DocumentPath(parsing: "notes/n")]))
        await FirestoreServiceTests.expect(.permissionDenied) { _ = try firestore.service.listen(request, caller: .anonymous) }
        #expect(firestore.databases.store(for: FirestoreHarness.database).listenerCount == 0)
    }

    @Test func aGrantSubscribesAndIsJudgedAgain() async throws {
        let firestore = try FirestoreHarness(.service, rules: FirestoreServiceTests.rules)
        _ = try await firestore.commit([.set("notes/seed", ["title": "seed"])], as: .owner)
        let query = try Query(collectionID: "notes")
        let request = ListenRequest(database: FirestoreHarness.database, target: .query(query), access: .query(query))
        let grant = try firestore.service.listen(request, caller: try TestCaller.user("bob").caller)

        let events = Mutex<[ListenEvent]>([])
        let (first, registration) = try grant.subscribe { event in
            events.withLock { $0.append(event) }
            return true
        }
        #expect(first.changes.map { $0.document.path.segments } == [["notes", "seed"]])
        _ = try await firestore.commit([.set("notes/later", [:])], as: .owner)
        // The sink runs under the store's lock during the commit, so it has run by now.
        #expect(events.withLock { $0.flatMap(\.snapshot.changes).map { $0.document.path.segments } } == [["notes", "later"]])

        let (closed, _) = RulesInForce.compile(
            "rules_version = '2'; service cloud.firestore { match /databases/{d}/documents { match /{doc=**} { allow read: if false; } } }",
            fileName: "closed.rules", origin: "closed.rules")
        let closedRules = try #require(closed)
        try grant.authorize(grant.call)
        #expect(throws: FirestoreError.self) { try grant.authorize(grant.call.judged(by: closedRules)) }
        grant.call.store.cancel(registration)
        #expect(grant.call.store.listenerCount == 0)
    }
}
