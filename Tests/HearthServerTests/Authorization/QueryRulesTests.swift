import HearthFirestore
import HearthJSON
import HearthRules
import Logging
import Testing

@testable import HearthServer

/// "Rules are not filters": a list is allowed only when the rule holds for every document the
/// query's constraints admit, whatever is stored. The first cases are the examples of
/// Firebase's "Securely query data" guide; the rest cover each kind of constraint.
@Suite struct QueryRulesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let condition: String
        var match = "/stories/{storyid}"
        let query: @Sendable () throws -> Query
        var uid: String? = "alice"
        let allowed: Bool
        var testDescription: String { self.name }
    }

    static func stories(_ filter: Filter? = nil, limit: Int? = nil, orderBy: [OrderBy] = []) -> @Sendable () throws -> Query {
        { try Query(collectionID: "stories", filter: filter, orderBy: orderBy, limit: limit) }
    }

    static func field(_ name: String, _ op: Filter.FieldOperator, _ value: FirestoreValue) -> Filter {
        .field(FieldPath(segments: name.split(separator: ".").map(String.init)), op, value)
    }

    static let published = "resource.data.published == true"
    static let author = "request.auth.uid == resource.data.author"
    static let cases: [Case] = [
        // Firebase guide: `allow read: if resource.data.published == true` …
        Case(name: "guide: where published == true", condition: published, query: stories(field("published", .equal, .boolean(true))), allowed: true),
        Case(name: "guide: no filter, though every stored story may be published", condition: published, query: stories(), allowed: false),
        Case(name: "guide: where published == false", condition: published, query: stories(field("published", .equal, .boolean(false))), allowed: false),
        // … `allow read: if request.auth.uid == resource.data.author`
        Case(name: "guide: where author == my uid", condition: author, query: stories(field("author", .equal, .string("alice"))), allowed: true),
        Case(name: "guide: where author == someone else", condition: author, query: stories(field("author", .equal, .string("bob"))), allowed: false),
        Case(name: "guide: author filter while signed out", condition: author, query: stories(field("author", .equal, .string("alice"))), uid: nil, allowed: false),
        // … `allow read: if resource.data.published == true || request.auth.uid == resource.data.author`
        Case(name: "guide: either branch proves it (author)", condition: "\(published) || \(author)", query: stories(field("author", .equal, .string("alice"))), allowed: true),
        Case(name: "guide: either branch proves it (published)", condition: "\(published) || \(author)", query: stories(field("published", .equal, .boolean(true))), allowed: true),
        Case(name: "guide: neither branch provable", condition: "\(published) || \(author)", query: stories(), allowed: false),
        Case(
            name: "guide: OR query, each branch proven by its own filter", condition: "\(published) || \(author)",
            query: stories(.composite(.or, [field("published", .equal, .boolean(true)), field("author", .equal, .string("alice"))])), allowed: true),
        Case(
            name: "guide: OR query, one branch unprovable", condition: author,
            query: stories(.composite(.or, [field("published", .equal, .boolean(true)), field("author", .equal, .string("alice"))])), allowed: false),
        // … `allow list: if request.query.limit <= 1000`
        Case(name: "guide: limit within the bound", condition: "request.query.limit <= 1000", query: stories(limit: 100), allowed: true),
        Case(name: "guide: limit above the bound", condition: "request.query.limit <= 1000", query: stories(limit: 1001), allowed: false),
        Case(name: "guide: no limit", condition: "request.query.limit <= 1000", query: stories(), allowed: false),
        // Ranges decide comparisons they entail or refute; anything else is unprovable.
        Case(name: "range: score > 20 proves score > 10", condition: "resource.data.score > 10", query: stories(field("score", .greaterThan, .integer(20))), allowed: true),
        Case(name: "range: score > 10 proves score > 10", condition: "resource.data.score > 10", query: stories(field("score", .greaterThan, .integer(10))), allowed: true),
        Case(name: "range: score >= 10 does not", condition: "resource.data.score > 10", query: stories(field("score", .greaterThanOrEqual, .integer(10))), allowed: false),
        Case(
            name: "range: both bounds", condition: "resource.data.score >= 0 && resource.data.score < 100",
            query: stories(.composite(.and, [field("score", .greaterThanOrEqual, .integer(0)), field("score", .lessThan, .integer(50))])), allowed: true),
        Case(name: "range: float bound against int rule", condition: "resource.data.score < 10", query: stories(field("score", .lessThan, .double(9.5))), allowed: true),
        Case(name: "range: equality outside the range is false", condition: "resource.data.score != 5", query: stories(field("score", .greaterThan, .integer(10))), allowed: true),
        // IN and array-contains-any: every value is a case of its own.
        Case(
            name: "in: every value allowed", condition: "resource.data.status in ['open', 'closed']",
            query: stories(field("status", .in, .array([.string("open"), .string("closed")]))), allowed: true),
        Case(
            name: "in: one value not allowed", condition: "resource.data.status in ['open', 'closed']",
            query: stories(field("status", .in, .array([.string("open"), .string("draft")]))), allowed: false),
        Case(
            name: "array-contains proves membership", condition: "request.auth.uid in resource.data.members",
            query: stories(field("members", .arrayContains, .string("alice"))), allowed: true),
        Case(
            name: "array-contains for another user", condition: "request.auth.uid in resource.data.members",
            query: stories(field("members", .arrayContains, .string("bob"))), allowed: false),
        Case(
            name: "array-contains-any: each value must prove it", condition: "resource.data.tags.hasAny(['a', 'b'])",
            query: stories(field("tags", .arrayContainsAny, .array([.string("a"), .string("b")]))), allowed: true),
        Case(
            name: "not-in excludes a value", condition: "resource.data.state != 'secret'",
            query: stories(field("state", .notIn, .array([.string("secret"), .string("draft")]))), allowed: true),
        Case(name: "!= excludes a value", condition: "resource.data.state != 'secret'", query: stories(field("state", .notEqual, .string("secret"))), allowed: true),
        // Nested fields, whole-document reads, and what the list's document id is.
        Case(name: "nested field fixed by a dotted filter", condition: "resource.data.meta.owner == request.auth.uid", query: stories(field("meta.owner", .equal, .string("alice"))), allowed: true),
        Case(name: "keys() of a constrained document is unprovable", condition: "resource.data.keys().size() > 0", query: stories(field("published", .equal, .boolean(true))), allowed: false),
        Case(name: "type test of a constrained field is unprovable", condition: "resource.data.score is int", query: stories(field("score", .greaterThan, .integer(1))), allowed: false),
        Case(name: "the document wildcard is unknown", condition: "storyid != 'x'", query: stories(), allowed: false),
        Case(name: "a rule that reads nothing", condition: "request.auth != null", query: stories(), allowed: true),
        // Collection group queries need a recursive wildcard, as in production.
        Case(
            name: "collection group with {path=**}", condition: published, match: "/{path=**}/stories/{storyid}",
            query: { try Query(collectionID: "stories", allDescendants: true, filter: field("published", .equal, .boolean(true))) }, allowed: true),
        Case(
            name: "collection group without a recursive wildcard", condition: published, match: "/users/{uid}/stories/{storyid}",
            query: { try Query(collectionID: "stories", allDescendants: true, filter: field("published", .equal, .boolean(true))) }, allowed: false),
    ]

    @Test(arguments: Self.cases)
    func list(_ c: Case) throws {
        let source = """
            rules_version = '2';
            service cloud.firestore {
              match /databases/{database}/documents {
                match \(c.match) {
                  allow list: if \(c.condition);
                }
              }
            }
            """
        let (rules, diagnostics) = RulesInForce.compile(source, fileName: "firestore.rules", origin: "firestore.rules")
        let compiled = try #require(rules, "\(diagnostics)")
        let database = try DatabaseID(project: "p", database: "(default)")
        let store = DocumentStore(database: database)
        // Every stored story passes every rule above: the verdict must come from the query alone.
        _ = try store.commit([
            Write(
                path: try DocumentPath(parsing: "stories/s1"),
                operation: .update(fields: MapValue(fields: ["published": .boolean(true), "author": .string("alice")]), mask: nil))
        ])
        let identity: Identity = c.uid.map { .user(uid: $0, claims: JSONObject([.init(key: "sub", value: .string($0))])) } ?? .anonymous
        let call = FirestoreCall(database: database, store: store, identity: identity, rules: compiled, logger: Logger(label: "test"))
        let query = try c.query()
        if c.allowed {
            #expect(throws: Never.self) { try call.authorize(list: query) }
        } else {
            let error = #expect(throws: FirestoreError.self) { try call.authorize(list: query) }
            #expect(error?.code == .permissionDenied)
            #expect(error?.message.hasPrefix("Missing or insufficient permissions.") == true)
        }
    }
}
