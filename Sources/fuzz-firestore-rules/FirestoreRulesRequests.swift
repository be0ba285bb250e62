import HearthRules

/// The requests every compiled ruleset is asked about: each method, with and without auth,
/// on top-level and nested paths, with stored documents for `resource`, `get()` and `exists()`.
enum FirestoreRulesRequests {
    static let time = RuleTimestamp(seconds: 1_700_000_000, nanos: 123_000_000)

    static let alice = RequestAuth(
        uid: "alice", token: ["email": .string("alice@example.com"), "admin": .bool(true), "n": .int(3)])

    static let aliceDocument: [String: RuleValue] = [
        "owner": .string("alice"), "count": .int(7), "score": .float(2.5), "tags": .list([.string("a"), .string("b")]),
        "profile": .map(["name": .string("Alice"), "age": .int(30)]), "when": .timestamp(time), "flag": .bool(false),
        "nothing": .null, "where": .latlng(latitude: 1.5, longitude: -2.25), "blob": .bytes([0, 1, 255]),
    ]

    static let lookup = InMemoryDocumentLookup(
        before: ["users/alice": aliceDocument, "rooms/r1": ["members": .list([.string("alice")])]],
        after: ["users/alice": aliceDocument.merging(["count": .int(8)]) { $1 }, "rooms/r2": nil])

    static let all: [AccessRequest] = [
        AccessRequest(method: .get, path: ["users", "alice"], auth: alice, time: time,
                      resource: RuleDocument(path: ["users", "alice"], fields: aliceDocument)),
        AccessRequest(method: .get, path: ["users", "bob"], time: time),
        AccessRequest(method: .list, path: ["users"], auth: alice, time: time,
                      query: ListQuery(limit: 10, offset: 0, orderBy: .string("count"))),
        AccessRequest(method: .create, path: ["users", "alice", "posts", "p1"], auth: alice, time: time,
                      requestResource: RuleDocument(path: ["users", "alice", "posts", "p1"], fields: ["title": .string("hi")])),
        AccessRequest(method: .update, path: ["users", "alice"], auth: alice, time: time,
                      resource: RuleDocument(path: ["users", "alice"], fields: aliceDocument),
                      requestResource: RuleDocument(path: ["users", "alice"], fields: aliceDocument.merging(["count": .int(8)]) { $1 }),
                      headers: ["x-test": "1"], inTransaction: true, limits: .multiDocument),
        AccessRequest(method: .delete, path: ["rooms", "r1"], auth: RequestAuth(uid: "bob"), time: time,
                      resource: RuleDocument(path: ["rooms", "r1"], fields: ["members": .list([.string("alice")])])),
    ]
}
