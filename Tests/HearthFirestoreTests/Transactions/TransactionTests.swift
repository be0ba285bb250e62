import HearthFirestore
import Testing

@Suite struct TransactionTests {
    let clock = ManualClock()
    var store: DocumentStore { DocumentStore(database: Fixture.database, now: self.clock.now) }
    static let n = FieldPath(segments: ["n"])

    @Test func aTransactionWhoseReadChangedAbortsAndAppliesNothing() throws {
        let store = self.store
        _ = try store.commit([Fixture.set("c/d", ["n": .integer(1)])])
        let id = try store.beginTransaction(.readWrite)
        _ = try store.document(at: Fixture.doc("c/d"), transaction: id)
        _ = try store.commit([Fixture.set("c/d", ["n": .integer(2)])])
        #expect { try store.commit([Fixture.set("c/other")], transaction: id) } throws: { ($0 as? FirestoreError)?.code == .aborted }
        #expect(store.document(at: Fixture.doc("c/other")) == nil)
        // The transaction is gone after the failed commit: it cannot commit again, and the
        // client's customary rollback is a harmless no-op.
        #expect { try store.commit([], transaction: id) } throws: { ($0 as? FirestoreError)?.code == .invalidArgument }
        try store.rollback(id)
    }

    @Test func aTransactionWithUnchangedReadsCommits() throws {
        let store = self.store
        let id = try store.beginTransaction(.readWrite)
        let (missing, _) = try store.document(at: Fixture.doc("c/new"), transaction: id)
        #expect(missing == nil)
        _ = try store.commit([Fixture.set("c/unrelated")])
        let result = try store.commit([Fixture.set("c/new", ["n": .integer(1)])], transaction: id)
        #expect(result.writeResults.count == 1)
        #expect(store.document(at: Fixture.doc("c/new")) != nil)
    }

    @Test func aDocumentEnteringAQueryResultAborts() throws {
        let store = self.store
        let id = try store.beginTransaction(.readWrite)
        let query = try Query(collectionID: "c", filter: .field(Self.n, .greaterThan, .integer(0)))
        #expect(try store.runQuery(query, transaction: id).documents.isEmpty)
        _ = try store.commit([Fixture.set("c/phantom", ["n": .integer(5)])])
        #expect { try store.commit([], transaction: id) } throws: { ($0 as? FirestoreError)?.code == .aborted }
    }

    @Test func readOnlyTransactionsReadOneSnapshotAndCannotWrite() throws {
        let store = self.store
        _ = try store.commit([Fixture.set("c/d", ["n": .integer(1)])])
        self.clock.set(1_800_000_000_000_000)
        let id = try store.beginTransaction(.readOnly(readTime: nil))
        _ = try store.commit([Fixture.set("c/d", ["n": .integer(2)])])
        let (seen, _) = try store.document(at: Fixture.doc("c/d"), transaction: id)
        #expect(seen?.fields.value(at: Self.n) == .integer(1))
        #expect { try store.commit([Fixture.set("c/x")], transaction: id) } throws: { ($0 as? FirestoreError)?.code == .invalidArgument }
    }

    @Test func expiredAndUnknownTransactionsAreInvalid() throws {
        let store = self.store
        let id = try store.beginTransaction(.readWrite)
        self.clock.set(1_700_000_000_000_000 + 61_000_000)
        #expect { try store.commit([], transaction: id) } throws: { ($0 as? FirestoreError)?.code == .invalidArgument }
        #expect { try store.rollback(TransactionID(bytes: [1, 2, 3])) } throws: { ($0 as? FirestoreError)?.code == .invalidArgument }
    }
}

@Suite struct ReadTimeTests {
    let clock = ManualClock()
    static let n = FieldPath(segments: ["n"])

    @Test func pointReadsAndQueriesSeeThePast() throws {
        let store = DocumentStore(database: Fixture.database, now: self.clock.now)
        let first = try store.commit([Fixture.set("c/a", ["n": .integer(1)]), Fixture.set("c/b", ["n": .integer(2)])])
        _ = try store.commit([Fixture.set("c/a", ["n": .integer(10)]), Write(path: Fixture.doc("c/b"), operation: .delete), Fixture.set("c/c", ["n": .integer(3)])])
        #expect(try store.document(at: Fixture.doc("c/a"), readTime: first.commitTime)?.fields.value(at: Self.n) == .integer(1))
        #expect(try store.document(at: Fixture.doc("c/c"), readTime: first.commitTime) == nil)
        let query = try Query(collectionID: "c", orderBy: [OrderBy(field: Self.n, direction: .descending)])
        #expect(try store.runQuery(query, readTime: first.commitTime).documents.map(\.path.id) == ["b", "a"])
        #expect(store.runQuery(query).documents.map(\.path.id) == ["a", "c"])
    }

    @Test func futureReadTimesAreRejected() throws {
        let store = DocumentStore(database: Fixture.database, now: self.clock.now)
        #expect(throws: FirestoreError.self) { try store.document(at: Fixture.doc("c/a"), readTime: Timestamp(seconds: 4_000_000_000)) }
    }
}
