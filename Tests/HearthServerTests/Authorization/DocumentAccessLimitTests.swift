import HearthFirestore
import HearthJSON
import HearthRules
import Logging
import Testing

@testable import HearthServer

/// Production's limits on document access calls (`get`, `exists`, …) through the server's
/// authorization: 10 per operation, and 20 for a whole batched write, commit or multi-document
/// read; and the denial explanation of a list that leaves its document wildcard unknown.
@Suite struct DocumentAccessLimitTests {
    static let database = try! DatabaseID(project: "p", database: "(default)")

    /// `notes/{id}` makes 8 distinct lookups per document; `big/{id}` 11.
    static let rules: RulesInForce = {
        func lookups(_ count: Int) -> String {
            (0..<count).map { "!exists(/databases/$(database)/documents/x/$(id + '-\($0)'))" }.joined(separator: " && ")
        }
        let source = """
            rules_version = '2';
            service cloud.firestore {
              match /databases/{database}/documents {
                match /notes/{id} {
                  allow get, create: if \(lookups(8));
                  allow list: if id.size() > 0;
                }
                match /big/{id} {
                  allow create: if \(lookups(11));
                }
              }
            }
            """
        let (rules, diagnostics) = RulesInForce.compile(source, fileName: "firestore.rules", origin: "firestore.rules")
        precondition(rules != nil, "\(diagnostics)")
        return rules!
    }()

    static func call(_ store: DocumentStore) -> FirestoreCall {
        let alice = Identity.user(uid: "alice", claims: JSONObject([.init(key: "sub", value: .string("alice"))]))
        return FirestoreCall(
            database: Self.database, store: store, identity: alice, rules: Self.rules,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    static func create(_ path: String) -> Write {
        Write(path: try! DocumentPath(parsing: path), operation: .update(fields: MapValue(), mask: nil))
    }

    /// The PERMISSION_DENIED message of committing `writes`, or nil when it is allowed.
    static func denial(committing writes: [Write], inTransaction: Bool = false) -> String? {
        let store = DocumentStore(database: Self.database)
        do {
            _ = try store.commit(writes, review: Self.call(store).reviewer(inTransaction: inTransaction))
            return nil
        } catch {
            #expect(error.code == .permissionDenied)
            return error.message
        }
    }

    @Test func aBatchHas20LookupsInAll() throws {
        #expect(Self.denial(committing: [Self.create("notes/a"), Self.create("notes/b")]) == nil, "2 × 8 lookups")
        let third = try #require(Self.denial(committing: [Self.create("notes/a"), Self.create("notes/b"), Self.create("notes/c")]))
        #expect(third.contains("create on projects/p/databases/(default)/documents/notes/c was denied"))
        #expect(third.contains("Exceeded maximum number of document access calls (20 for the whole request)"))
        #expect(Self.denial(committing: [Self.create("notes/a")], inTransaction: true) == nil)
    }

    @Test func eachWriteOfABatchStillHas10() throws {
        let denial = try #require(Self.denial(committing: [Self.create("big/a"), Self.create("notes/b")]))
        #expect(denial.contains("create on projects/p/databases/(default)/documents/big/a was denied"))
        #expect(denial.contains("Exceeded maximum number of document access calls (10)"))
        #expect(Self.denial(committing: [Self.create("big/a")], inTransaction: true) != nil, "a transaction's write too")
    }

    @Test func aMultiDocumentReadHas20LookupsInAll() throws {
        let store = DocumentStore(database: Self.database)
        let call = Self.call(store)
        let paths = try ["notes/a", "notes/b", "notes/c"].map { try DocumentPath(parsing: $0) }
        try call.authorize(get: Array(paths.prefix(2))) { store.document(at: $0) }
        do {
            try call.authorize(get: paths) { store.document(at: $0) }
            Issue.record("24 lookups in one batchGet were allowed")
        } catch {
            #expect(error.message.contains("get on projects/p/databases/(default)/documents/notes/c was denied"))
            #expect(error.message.contains("(20 for the whole request)"))
        }
    }

    @Test func aListWithAnUnknownWildcardSaysWhereTheRuleReadsIt() throws {
        let call = Self.call(DocumentStore(database: Self.database))
        do {
            try call.authorize(list: try Query(collectionID: "notes"))
            Issue.record("the list was allowed")
        } catch {
            #expect(error.message.contains("firestore.rules:6: allow list → error at line 6:22: Wildcard value is unknown for a list request."))
        }
    }
}
