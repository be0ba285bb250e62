import HearthFirestore
import HearthJSON
import HearthRules
import Testing

@testable import HearthServer

/// The bridge between the store and the rules: values convert as Firebase maps them, and a
/// compiled ruleset evaluated through `StoreDocumentLookup` reads the live store.
@Suite struct RulesBridgeTests {
    static let database = try! DatabaseID(project: "p", database: "(default)")

    static func doc(_ path: String) -> DocumentPath { try! DocumentPath(parsing: path) }

    @Test(arguments: [
        (FirestoreValue.integer(3), RuleValue.int(3)), (.double(2.5), .float(2.5)), (.boolean(true), .bool(true)),
        (.null, .null), (.string("x"), .string("x")), (.bytes([1, 2]), .bytes([1, 2])),
        (.timestamp(Timestamp(seconds: 5, nanos: 7000)), .timestamp(RuleTimestamp(seconds: 5, nanos: 7000))),
        (.array([.integer(1)]), .list([.int(1)])),
    ])
    func valuesConvertAsFirebaseMapsThem(_ value: FirestoreValue, _ expected: RuleValue) {
        #expect(RuleValue(value).strictlyEquals(expected))
    }

    @Test func referencesBecomeDatabasePaths() {
        let reference = FirestoreValue.reference(DocumentName(database: Self.database, path: Self.doc("users/alice")))
        #expect(RuleValue(reference).strictlyEquals(.path(RulePath(["databases", "(default)", "documents", "users", "alice"]))))
    }

    @Test func rulesReadTheStoreAndThePendingBatch() throws {
        let store = DocumentStore(database: Self.database)
        _ = try store.commit([Write(path: Self.doc("admins/alice"), operation: .update(fields: MapValue(fields: ["active": .boolean(true)]), mask: nil))])
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: """
            rules_version = '2';
            service cloud.firestore {
              match /databases/{database}/documents {
                match /reports/{id} {
                  allow read: if get(/databases/$(database)/documents/admins/$(request.auth.uid)).data.active == true;
                  allow create: if existsAfter(/databases/$(database)/documents/audit/$(id));
                }
              }
            }
            """, fileName: "firestore.rules")
        let rules = try #require(ruleset, "\(diagnostics)")
        let time = RuleTimestamp(seconds: 1_700_000_000)
        let alice = RequestAuth(Identity.user(uid: "alice", claims: JSONObject([.init(key: "sub", value: .string("alice"))])))
        let bob = RequestAuth(uid: "bob")

        let lookup = StoreDocumentLookup(store: store)
        #expect(rules.evaluate(AccessRequest(method: .get, path: ["reports", "r1"], auth: alice, time: time), lookup: lookup).isAllowed)
        #expect(!rules.evaluate(AccessRequest(method: .get, path: ["reports", "r1"], auth: bob, time: time), lookup: lookup).isAllowed)

        let create = AccessRequest(method: .create, path: ["reports", "r1"], auth: alice, time: time)
        #expect(!rules.evaluate(create, lookup: lookup).isAllowed)
        // getAfter/existsAfter inside a commit's review see the whole commit applied.
        var allowedInReview = false
        _ = try store.commit(
            [
                Write(path: Self.doc("audit/r1"), operation: .update(fields: MapValue(), mask: nil)),
                Write(path: Self.doc("reports/r1"), operation: .update(fields: MapValue(), mask: nil)),
            ],
            review: { review in
                allowedInReview = rules.evaluate(create, lookup: StoreDocumentLookup(review: review, database: store.database)).isAllowed
            })
        #expect(allowedInReview)
    }

    @Test func ownerAndAnonymousHaveNoRequestAuth() {
        #expect(RequestAuth(Identity.owner) == nil)
        #expect(RequestAuth(Identity.anonymous) == nil)
    }
}
