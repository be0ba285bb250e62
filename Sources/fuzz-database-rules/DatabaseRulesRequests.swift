import HearthRules

/// The data, reads and writes every compiled RTDB ruleset is evaluated on.
enum DatabaseRulesRequests {
    static let now: Int64 = 1_700_000_000_123

    static let alice = DatabaseRulesAuth(
        uid: "alice", provider: "password", token: ["email": .string("alice@example.com"), "admin": .bool(true)])

    static let message: RulesDataTree = .object([
        "owner": .string("alice"), "text": .string("hello"), "likes": .number(3),
        "meta": .object(["pinned": .bool(true), "at": .number(1_699_999_999_000)]),
    ])

    static let data = InMemoryRulesData(
        root: .object([
            "users": .object(["alice": .object(["name": .string("Alice"), "age": .number(30), "role": .string("admin")])]),
            "messages": .object(["m1": message, "m2": RulesDataTree(.leaf(.string("plain")), priority: .number(2))]),
            "counters": .object(["visits": .number(41)]),
        ]))

    static let reads: [([String], DatabaseRulesAuth?, DatabaseRulesQuery)] = [
        ([], nil, .plain),
        (["users", "alice"], alice, .plain),
        (["messages"], alice, DatabaseRulesQuery(orderBy: .child("owner"), equalTo: .string("alice"), limitToFirst: 10)),
        (["messages", "m1", "meta"], nil, DatabaseRulesQuery(orderBy: .value, startAt: .number(1), endAt: .string("z"))),
        (["missing", "deeper", "still"], alice, DatabaseRulesQuery(orderBy: .priority, limitToLast: 1)),
    ]

    static let writes: [([String], DatabaseWrite, DatabaseRulesAuth?)] = [
        (["messages", "m3"], .set(message), alice),
        (["messages", "m1"], .set(nil), alice),
        (["users", "alice"], .update([.init(path: ["age"], value: .number(31)), .init(path: ["role"], value: nil)]), alice),
        (["counters", "visits"], .set(.number(42)), nil),
        ([], .update([.init(path: ["a", "b"], value: .bool(true)), .init(path: ["c"], value: .object([:]))]), nil),
    ]
}
