import HearthFirestore
import Testing

/// Every listener's replayed copy equals a fresh query after each of many random commits, and
/// a listener hears exactly one event per commit that changed its result and none otherwise;
/// resuming from any earlier token replays to the same result.
@Suite struct ListenAgreementTests {
    static let n = FieldPath(segments: ["n"])
    static let tag = FieldPath(segments: ["tag"])

    static func queries() throws -> [Query] {
        [
            try Query(collectionID: "c"),
            try Query(collectionID: "c", filter: .field(tag, .equal, .string("x")), orderBy: [OrderBy(field: n, direction: .descending)]),
            try Query(collectionID: "c", orderBy: [OrderBy(field: n)], limit: 3),
            try Query(collectionID: "c", filter: .field(n, .greaterThan, .integer(2)), orderBy: [OrderBy(field: n, direction: .descending)], offset: 1, limit: 2),
            try Query(collectionID: "c", orderBy: [OrderBy(field: n)], startAt: QueryCursor(values: [.integer(3)], before: false), endAt: QueryCursor(values: [.integer(7)], before: false)),
            try Query(collectionID: "c", allDescendants: true, filter: .field(tag, .notEqual, .string("y"))),
        ]
    }

    @Test(arguments: [1, 2, 3, 4])
    func replayedResultsMatchFreshQueries(_ seed: Int) throws {
        let store = DocumentStore(database: Fixture.database)
        var generator = SplitMix(seed: UInt64(seed))
        let queries = try Self.queries()
        // Per listener: its query, sink, replayed result, and every token it got with the result then.
        var clients: [(query: Query, recorder: ListenRecorder, result: ReplayedResult, tokens: [(Timestamp, [Document])])] = []
        for query in queries {
            let recorder = ListenRecorder()
            let (initial, _) = try store.listen(.query(query), sink: recorder.sink)
            var result = ReplayedResult(documents: [])
            result.apply(initial)
            clients.append((query, recorder, result, [(initial.resumeToken, result.documents)]))
        }
        for _ in 0..<150 {
            var writes: [Write] = []
            var touched: Set<String> = []
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let nested = "p/\(generator.next() % 3)/c/s\(generator.next() % 4)"
                let path = generator.next() % 4 == 0 ? nested : "c/d\(generator.next() % 12)"
                guard touched.insert(path).inserted else { continue }
                switch generator.next() % 6 {
                case 0: writes.append(Write(path: Fixture.doc(path), operation: .delete))
                case 1: writes.append(Fixture.set(path, ["tag": .string("x")]))
                default:
                    let tag: FirestoreValue = generator.next() % 2 == 0 ? .string("x") : .string("y")
                    writes.append(Fixture.set(path, ["n": .integer(Int64(generator.next() % 10)), "tag": tag]))
                }
            }
            _ = try store.commit(writes)
            for index in clients.indices {
                let expected = store.runQuery(clients[index].query).documents
                let events = clients[index].recorder.take()
                let before = clients[index].result.documents
                #expect(events.count == (expected == before ? 0 : 1))
                for event in events { clients[index].result.apply(event.snapshot) }
                #expect(clients[index].result.documents == expected)
                if let event = events.first { clients[index].tokens.append((event.snapshot.resumeToken, expected)) }
            }
        }
        for client in clients {
            for (token, documents) in client.tokens where generator.next() % 4 == 0 {
                let (resumed, registration) = try store.resume(.query(client.query), after: token, sink: ListenRecorder().sink)
                #expect(resumed.kind == .delta)
                var replayed = ReplayedResult(documents: documents)
                replayed.apply(resumed)
                #expect(replayed.documents == client.result.documents)
                store.cancel(registration)
            }
        }
    }
}
