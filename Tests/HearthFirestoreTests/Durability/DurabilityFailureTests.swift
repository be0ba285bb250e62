import HearthFirestore
import Synchronization
import Testing

/// A journal whose entries become durable only when the test says so, or fail.
final class ControlledJournal: CommitJournal {
    enum Outcome { case durable, failed }
    private let state = Mutex<(next: UInt64, outcomes: [UInt64: Outcome], entries: [JournalEntry], after: [UInt64?])>((0, [:], [], []))

    func enqueue(_ entry: JournalEntry, after: JournalReceipt?) -> JournalReceipt {
        self.state.withLock { state in
            state.next += 1
            state.entries.append(entry)
            state.after.append(after?.sequence)
            return JournalReceipt(sequence: state.next)
        }
    }

    /// For each entry, the receipt it was journalled after.
    var dependencies: [UInt64?] { self.state.withLock { $0.after } }

    func settle(through sequence: UInt64, as outcome: Outcome) {
        self.state.withLock { state in
            for number in 1...sequence where state.outcomes[number] == nil { state.outcomes[number] = outcome }
        }
    }

    var entries: [JournalEntry] { self.state.withLock { $0.entries } }

    func waitUntilDurable(_ receipt: JournalReceipt) async throws(FirestoreError) {
        switch self.state.withLock({ $0.outcomes[receipt.sequence] }) {
        case .durable?: return
        case .failed?: throw .unavailable("The data file is full (SQLITE_FULL).")
        case nil: throw .internal("test bug: receipt \(receipt.sequence) was not settled")
        }
    }
}

@Suite struct DurabilityFailureTests {
    static let n = FieldPath(segments: ["n"])

    @Test func everyCommitIsJournalledInOrder() async throws {
        let journal = ControlledJournal()
        let store = DocumentStore(database: Fixture.database, journal: journal)
        let first = try store.commit([Fixture.set("c/a", ["n": .integer(1)])])
        let noOp = try store.commit([Fixture.set("c/a", ["n": .integer(1)])])
        #expect(noOp.receipt == nil)
        let second = try store.commit([Write(path: Fixture.doc("c/a"), operation: .delete)])
        journal.settle(through: 2, as: .durable)
        try await store.waitUntilDurable(first.receipt)
        try await store.waitUntilDurable(second.receipt)
        #expect(journal.entries.count == 2)
    }

    @Test func aFailedCommitIsUndoneWithEverythingAfterItAndTheNextCommitIsAccepted() async throws {
        let journal = ControlledJournal()
        let store = DocumentStore(database: Fixture.database, journal: journal)
        let kept = try store.commit([Fixture.set("c/a", ["n": .integer(1)])])
        journal.settle(through: 1, as: .durable)
        try await store.waitUntilDurable(kept.receipt)

        let failed = try store.commit([Fixture.set("c/a", ["n": .integer(2)]), Fixture.set("c/b")])
        let later = try store.commit([Write(path: Fixture.doc("c/a"), operation: .delete)])
        journal.settle(through: 3, as: .failed)
        // The later commit's waiter learns first: it undoes only itself; the failed one's undoes the rest.
        await #expect(throws: FirestoreError.self) { try await store.waitUntilDurable(later.receipt) }
        await #expect(throws: FirestoreError.self) { try await store.waitUntilDurable(failed.receipt) }

        // Back to exactly what was durable; reads still work.
        #expect(store.document(at: Fixture.doc("c/a"))?.fields.value(at: Self.n) == .integer(1))
        #expect(store.document(at: Fixture.doc("c/b")) == nil)
        #expect(store.runQuery(try Query(collectionID: "c")).documents.map(\.path.id) == ["a"])

        // Writes are not refused: the next commit builds on what is durable (journalled after
        // receipt 1, not after the failed ones), so it succeeds once the journal can save again.
        let next = try store.commit([Fixture.set("c/z")])
        #expect(journal.dependencies == [nil, 1, 2, 1])
        journal.settle(through: 4, as: .durable)
        try await store.waitUntilDurable(next.receipt)
        // A failure reported late for an entry already undone undoes nothing more.
        await #expect(throws: FirestoreError.self) { try await store.waitUntilDurable(failed.receipt) }
        #expect(store.runQuery(try Query(collectionID: "c")).documents.map(\.path.id) == ["a", "z"])
    }
}
