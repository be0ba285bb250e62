import HearthFirestore
import Testing

@Suite struct DocumentStoreListTests {
    private func store(_ docs: [(String, Int64)]) throws -> DocumentStore {
        let store = DocumentStore(database: Fixture.database)
        _ = try store.commit(docs.map { Fixture.set($0.0, ["rank": .integer($0.1)]) })
        return store
    }

    private func ids(_ page: ListPage) -> [String] { page.entries.map(\.path.id) }

    @Test func namesComeInFirestoreKeyOrder() throws {
        let store = try self.store([("c/b", 0), ("c/__id10__", 0), ("c/a", 0), ("c/__id9__", 0), ("c/B", 0)])
        let page = store.list(try ListDocumentsRequest(collection: Fixture.collection("c")))
        #expect(self.ids(page) == ["__id9__", "__id10__", "B", "a", "b"])
        #expect(page.next == nil)
    }

    @Test func pagesResumeAfterTheCursorEvenAfterConcurrentInserts() throws {
        let store = try self.store([("c/a", 0), ("c/c", 0), ("c/e", 0)])
        let first = store.list(try ListDocumentsRequest(collection: Fixture.collection("c"), pageSize: 2))
        #expect(self.ids(first) == ["a", "c"])
        _ = try store.commit([Fixture.set("c/b"), Fixture.set("c/d")])
        let second = store.list(try ListDocumentsRequest(collection: Fixture.collection("c"), pageSize: 2, startAfter: first.next))
        #expect(self.ids(second) == ["d", "e"])
        #expect(second.next == nil)
    }

    @Test func orderByAFieldExcludesDocumentsWithoutIt() throws {
        let store = try self.store([("c/a", 2), ("c/b", 1), ("c/c", 2)])
        _ = try store.commit([Fixture.set("c/none")])
        let request = try ListDocumentsRequest(collection: Fixture.collection("c"), orderBy: [OrderBy(field: FieldPath(segments: ["rank"]), direction: .descending)])
        #expect(self.ids(store.list(request)) == ["c", "a", "b"])
    }

    @Test func descendingByName() throws {
        let store = try self.store([("c/a", 0), ("c/b", 0), ("c/c", 0)])
        let request = try ListDocumentsRequest(collection: Fixture.collection("c"), orderBy: [OrderBy(field: .documentID, direction: .descending)], pageSize: 2)
        let first = store.list(request)
        #expect(self.ids(first) == ["c", "b"])
        var next = request
        next.startAfter = first.next
        #expect(self.ids(store.list(next)) == ["a"])
    }

    @Test func showMissingIncludesParentsWithOnlySubcollections() throws {
        let store = try self.store([("rooms/r1", 0), ("rooms/r2/msgs/m", 0), ("rooms/r3/a/b/c/d", 0)])
        let plain = store.list(try ListDocumentsRequest(collection: Fixture.collection("rooms")))
        #expect(self.ids(plain) == ["r1"])
        let all = store.list(try ListDocumentsRequest(collection: Fixture.collection("rooms"), showMissing: true))
        #expect(all.entries.map(\.path.id) == ["r1", "r2", "r3"])
        #expect(all.entries[1] == .missing(Fixture.doc("rooms/r2")))
        _ = try store.commit([Write(path: Fixture.doc("rooms/r3/a/b/c/d"), operation: .delete)])
        let after = store.list(try ListDocumentsRequest(collection: Fixture.collection("rooms"), showMissing: true))
        #expect(self.ids(after) == ["r1", "r2"])
    }

    @Test func invalidRequestsAreRejected() {
        #expect(throws: FirestoreError.self) { try ListDocumentsRequest(collection: Fixture.collection("c"), pageSize: -1) }
        #expect(throws: FirestoreError.self) {
            try ListDocumentsRequest(collection: Fixture.collection("c"), orderBy: [OrderBy(field: FieldPath(segments: ["x"]))], showMissing: true)
        }
    }
}

@Suite struct CollectionBatchInsertTests {
    /// Large commits into a populated collection keep every name in key order, whatever the
    /// interleaving of new and existing names.
    @Test(arguments: [(0, 7), (5, 1), (40, 25), (3, 60)])
    func batchInsertsKeepKeyOrder(_ existing: Int, _ added: Int) throws {
        let store = DocumentStore(database: Fixture.database)
        var generator = SplitMix(seed: UInt64(existing * 1000 + added))
        let first = (0..<existing).map { _ in "d\(generator.next() % 1000)" }
        let second = (0..<added).map { _ in "d\(generator.next() % 1000)" }
        if !first.isEmpty { _ = try store.commit(Set(first).map { Fixture.set("c/\($0)") }) }
        _ = try store.commit(Set(second).map { Fixture.set("c/\($0)") })
        let listed = store.list(try ListDocumentsRequest(collection: Fixture.collection("c"))).entries.map(\.path)
        #expect(listed == Set(first + second).map { Fixture.doc("c/\($0)") }.sorted())
    }
}

/// A tiny deterministic generator, so table cases are reproducible.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { self.state = seed }
    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
