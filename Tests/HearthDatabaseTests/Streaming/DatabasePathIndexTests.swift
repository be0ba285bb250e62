import HearthDatabase
import Synchronization
import Testing

/// Path-indexed delivery: a change reaches the sinks at, above and below what it wrote, and no
/// others, and listeners fed through the index see exactly the events they saw when every
/// change was offered to every sink.
@Suite struct DatabasePathIndexTests {
    static let watched = ["/", "/a", "/a/b", "/a/b/c", "/a/c", "/a/c/d", "/x", "/x/y"]

    /// A write, and the watched locations it concerns.
    @Test(arguments: [
        (DatabaseListenerTests.Write.set("/a/b", "1"), ["/", "/a", "/a/b", "/a/b/c"]),
        (.set("/", "1"), Self.watched),
        (.set("/a", "1"), ["/", "/a", "/a/b", "/a/b/c", "/a/c", "/a/c/d"]),
        (.set("/a/b/c/deep", "1"), ["/", "/a", "/a/b", "/a/b/c"]),
        (.set("/unwatched/z", "1"), ["/"]),
        (.delete("/x/y"), ["/", "/x", "/x/y"]),
        (.update("/a", "{\"b\":1}"), ["/", "/a", "/a/b", "/a/b/c"]),
        (.update("/a", "{\"c/d\":1,\"e\":2}"), ["/", "/a", "/a/c", "/a/c/d"]),
        (.update("/a", "{\"b/c\":1,\"c/d\":2}"), ["/", "/a", "/a/b", "/a/b/c", "/a/c", "/a/c/d"]),
        (.update("/", "{\"x/y\":1,\"a/b\":2}"), ["/", "/a", "/a/b", "/a/b/c", "/x", "/x/y"]),
        (.update("/q", "{\"r\":1}"), ["/"]),
    ])
    func aChangeReachesTheSinksItConcerns(write: DatabaseListenerTests.Write, expected: [String]) throws {
        let store = DatabaseStore(namespace: "ns")
        let reached = Mutex<[String]>([])
        for path in Self.watched {
            _ = store.subscribe(at: Fixture.path(path)) { _, _, _ in reached.withLock { $0.append(path) } }
        }
        try DatabaseListenerTests.apply(write, to: store)
        let calls = reached.withLock { $0 }
        #expect(calls.sorted() == expected.sorted(), "each concerned sink once, no other")
    }

    @Test func unsubscribingPrunesTheIndex() {
        var index = DatabasePathIndex<String>()
        index.insert("ab", id: 1, at: Fixture.path("/a/b"))
        index.insert("a", id: 2, at: Fixture.path("/a"))
        index.insert("moved", id: 1, at: Fixture.path("/x"))  // re-filing an id replaces it
        #expect(index.count == 2)
        index.remove(id: 2)
        index.remove(id: 3)
        #expect(index.count == 1)
        var seen: [String] = []
        let change = DatabaseChange(sequence: 1, path: .root, kind: .set, entries: [.init(path: .root, value: .empty, before: .empty)])
        index.forEachAffected(by: change) { seen.append($0) }
        #expect(seen == ["moved"])
        index.remove(id: 1)
        #expect(index.count == 0)
    }

    /// Plain and query listeners at many locations, fed by path-indexed sinks, produce exactly
    /// what they produce when offered every change (the filter the store used to rely on).
    @Test func indexedListenersSeeWhatUnindexedListenersSee() throws {
        let store = DatabaseStore(namespace: "ns")
        try DatabaseListenerTests.apply(.set("/", DatabaseListenerTests.initial), to: store)
        let query = try DatabaseQuery(parameters: ["orderBy": "\"$value\"", "limitToFirst": "2"])
        let listeners = ["/", "/s", "/s/a", "/s/c", "/s/c/x", "/other", "/none"].flatMap { path in
            [DatabaseListener(path: Fixture.path(path)), DatabaseListener(path: Fixture.path(path), query: query)]
        }
        let indexed = Mutex<[[String]]>(Array(repeating: [], count: listeners.count))
        let unindexed = Mutex<[[String]]>(Array(repeating: [], count: listeners.count))
        for (index, listener) in listeners.enumerated() {
            let each = Mutex(listener)
            let (_, root) = store.subscribe(at: listener.path) { change, root, _ in
                let events = each.withLock { $0.events(for: change, root: root) }.map(DatabaseListenerTests.text)
                indexed.withLock { $0[index] += events }
            }
            _ = each.withLock { $0.initialEvent(root: root) }
            let every = Mutex(listener)
            let (_, sameRoot) = store.subscribe { change, root, _ in
                let events = every.withLock { $0.events(for: change, root: root) }.map(DatabaseListenerTests.text)
                unindexed.withLock { $0[index] += events }
            }
            _ = every.withLock { $0.initialEvent(root: sameRoot) }
        }
        let writes: [DatabaseListenerTests.Write] = [
            .set("/s/a", "5"), .update("/s", "{\"b\":0,\"c/y\":2}"), .delete("/s/c/x"), .set("/other", "{\"k\":1}"),
            .update("/", "{\"s/a\":null,\"none/n\":1}"), .set("/s/c", "{\"x\":3,\"z\":-1}"), .set("/", "{\"s\":{\"a\":9}}"),
        ]
        for write in writes { try DatabaseListenerTests.apply(write, to: store) }
        let (got, want) = (indexed.withLock { $0 }, unindexed.withLock { $0 })
        #expect(got == want)
        #expect(got.contains { !$0.isEmpty })
    }
}
