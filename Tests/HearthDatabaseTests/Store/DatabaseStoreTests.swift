import HearthDatabase
import HearthJSON
import Synchronization
import Testing

@Suite struct DatabaseStoreTests {
    static func store(now: Int64 = 1_700_000_000_000, journal: (any DatabaseJournal)? = nil) -> DatabaseStore {
        DatabaseStore(namespace: "test", journal: journal, now: { now })
    }

    @Test func setGetUpdateDeleteAndResponses() throws {
        let store = Self.store()
        let put = try store.set(Fixture.path("/users/alice"), Fixture.data("{\"name\":\"Alice\",\"at\":{\".sv\":\"timestamp\"}}"))
        #expect(put.responseJSON.serializedString() == "{\"at\":1700000000000,\"name\":\"Alice\"}")
        #expect(put.change.sequence == 1)
        let patch = try store.update(Fixture.path("/users"), Fixture.update("{\"alice/age\":30,\"bob\":{\"name\":\"Bob\"},\"alice/name\":null}"))
        #expect(patch.responseJSON.serializedString() == "{\"alice/age\":30,\"bob\":{\"name\":\"Bob\"},\"alice/name\":null}")
        #expect(Fixture.text(store.get(Fixture.path("/users"))) == "{\"alice\":{\"age\":30,\"at\":1700000000000},\"bob\":{\"name\":\"Bob\"}}")
        let deleted = try store.delete(Fixture.path("/users/alice"))
        #expect(deleted.responseJSON == .null)
        #expect(deleted.change.entries[0].before == Fixture.node("{\"age\":30,\"at\":1700000000000}"))
        #expect(Fixture.text(store.snapshot()) == "{\"users\":{\"bob\":{\"name\":\"Bob\"}}}")
        #expect(store.sequence == 3)
    }

    @Test func incrementsResolveAgainstTheCommittedValue() async throws {
        let store = Self.store()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask { _ = try? store.set(Fixture.path("/counter"), Fixture.data("{\".sv\":{\"increment\":1}}")) }
            }
        }
        #expect(store.get(Fixture.path("/counter")) == Fixture.node("200"))
    }

    @Test func pushCreatesIncreasingKeysAndTurnsALeafIntoAnObject() throws {
        let store = Self.store()
        _ = try store.set(Fixture.path("/list"), Fixture.data("\"leaf\""))
        let first = try store.push(Fixture.path("/list"), Fixture.data("\"a\""))
        let second = try store.push(Fixture.path("/list"), Fixture.data("\"b\""))
        #expect(first.name.count == 20 && second.name > first.name)
        #expect(store.get(Fixture.path("/list")).children.keys == [first.name, second.name])
        #expect(first.result.change.path == Fixture.path("/list/\(first.name)"))
    }

    @Test func conditionalWritesCompareETagsAtomically() throws {
        let store = Self.store()
        guard case .written(let created) = try store.set(Fixture.path("/x"), Fixture.data("1"), ifMatch: "null_etag") else {
            Issue.record("create-if-absent failed")
            return
        }
        let etag = DatabaseETag.of(created.value)
        #expect(etag == "YPVfR2bXt/lcDjiQZ8pOkAd3qkQ=")
        #expect(try store.set(Fixture.path("/x"), Fixture.data("2"), ifMatch: "null_etag") == .preconditionFailed(current: Fixture.node("1"), etag: etag))
        guard case .written = try store.set(Fixture.path("/x"), Fixture.data("2"), ifMatch: etag) else {
            Issue.record("matching if-match failed")
            return
        }
        #expect(try store.delete(Fixture.path("/x"), ifMatch: etag) == .preconditionFailed(current: Fixture.node("2"), etag: DatabaseETag.of(Fixture.node("2"))))
        guard case .written(let deleted) = try store.delete(Fixture.path("/x"), ifMatch: DatabaseETag.of(Fixture.node("2"))) else {
            Issue.record("matching delete failed")
            return
        }
        #expect(DatabaseETag.of(deleted.value) == "null_etag")
        #expect(store.sequence == 3)
    }

    @Test func depthIsLimitedToThirtyTwoLevelsFromTheRoot() throws {
        let store = Self.store()
        let deep = String(repeating: "/k", count: 31)
        _ = try store.set(Fixture.path(deep), Fixture.data("{\"leaf\":1}"))
        #expect(Fixture.message { _ = try store.set(Fixture.path(deep), Fixture.data("{\"a\":{\"b\":1}}")) }
            == "Invalid data; path specified exceeds the maximum depth that can be written (32)")
        #expect(Fixture.message { _ = try store.update(Fixture.path(deep), Fixture.update("{\"a/b\":1}")) }
            == "Invalid data; path specified exceeds the maximum depth that can be written (32)")
    }

    @Test func manyConcurrentWritersGetStrictlyIncreasingSequencesDeliveredInOrder() async throws {
        let store = Self.store()
        let recorder = ChangeRecorder(store)
        let results = await withTaskGroup(of: UInt64?.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var last: UInt64 = 0
                    for index in 0..<50 {
                        guard let result = try? store.set(Fixture.path("/t\(task)/\(index)"), Fixture.data("\(index)")) else { return nil }
                        if result.change.sequence <= last { return nil }
                        last = result.change.sequence
                    }
                    return last
                }
            }
            return await group.reduce(into: [UInt64?]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 != nil })
        let sequences = recorder.commits.map(\.change.sequence)
        #expect(sequences == Array(1...400))
        #expect(store.get(Fixture.path("/t7")).children.count == 50)
    }

    @Test func removeAllRestoreAndUnsubscribe() throws {
        let store = Self.store()
        store.restore(Fixture.node("{\"a\":1}"))
        #expect(store.sequence == 0)
        let recorder = ChangeRecorder(store)
        #expect(recorder.initialRoot == Fixture.node("{\"a\":1}"))
        try store.removeAll()
        #expect(store.snapshot().isEmpty)
        #expect(recorder.commits.count == 1)
        let (subscription, _) = store.subscribe { _, _, _ in Issue.record("called after unsubscribe") }
        store.unsubscribe(subscription)
        _ = try store.set(.root, Fixture.data("1"))
    }

    @Test func exportImportRoundTripsPriorities() throws {
        let text = "{\"a\":{\".value\":1,\".priority\":\"p\"},\"list\":{\"0\":\"x\",\"1\":\"y\"},\".priority\":5}"
        let tree = try DatabaseExport.tree(from: Array(text.utf8))
        #expect(String(decoding: DatabaseExport.serialized(tree), as: UTF8.self) == text)
        #expect(Fixture.message { _ = try DatabaseExport.tree(from: Array("{\"a\":{\".sv\":\"timestamp\"}}".utf8)) } == "Invalid data; server values are not allowed here")
    }

    @Test func aJournalFailureUndoesPendingChangesAndTheNextWriteIsAccepted() async throws {
        let journal = FailingJournal(failing: [2, 3])
        let store = Self.store(journal: journal)
        _ = try store.set(Fixture.path("/kept"), Fixture.data("1"))
        let first = try store.set(Fixture.path("/lost"), Fixture.data("2"))
        let second = try store.update(Fixture.path("/kept"), Fixture.update("{\"x\":3}"))
        #expect(journal.enqueued == [1, 2, 3])
        try await store.waitUntilDurable(DatabaseJournalReceipt(sequence: 1))
        await #expect(throws: DatabaseError.self) { try await store.waitUntilDurable(first.receipt) }
        #expect(second.receipt != nil)
        #expect(Fixture.text(store.snapshot()) == "{\"kept\":1}")
        #expect(Fixture.text(store.get(Fixture.path("/kept"))) == "1")

        // The next write builds on what is durable (journalled after nothing pending), and is saved.
        let next = try store.set(Fixture.path("/again"), Fixture.data("4"))
        try await store.waitUntilDurable(next.receipt)
        // The second change's failure, reported late, undoes nothing more.
        await #expect(throws: DatabaseError.self) { try await store.waitUntilDurable(second.receipt) }
        #expect(journal.dependencies == [nil, 1, 2, nil])
        #expect(Fixture.text(store.snapshot()) == "{\"again\":4,\"kept\":1}")
    }
}

/// A journal whose chosen entries never become durable.
final class FailingJournal: DatabaseJournal {
    private let log = Mutex<[(sequence: UInt64, after: UInt64?)]>([])
    private let failing: Set<UInt64>

    init(failing: Set<UInt64>) {
        self.failing = failing
    }

    var enqueued: [UInt64] { self.log.withLock { $0.map(\.sequence) } }
    var dependencies: [UInt64?] { self.log.withLock { $0.map(\.after) } }

    func enqueue(_ change: DatabaseChange, namespace: String, after: DatabaseJournalReceipt?) -> DatabaseJournalReceipt {
        self.log.withLock { $0.append((change.sequence, after?.sequence)) }
        return DatabaseJournalReceipt(sequence: change.sequence)
    }

    func waitUntilDurable(_ receipt: DatabaseJournalReceipt) async throws(DatabaseError) {
        if self.failing.contains(receipt.sequence) { throw .unavailable("disk full") }
    }
}
