import HearthCore
import Synchronization
import Testing

/// The one journal / receipt / undo mechanism every store uses: entries are journalled after
/// the newest pending one, a failure undoes the failed entry and every later one newest first,
/// durability forgets, and the bound holds.
@Suite struct PendingChangesTests {
    struct Receipt: JournalPosition {
        let sequence: UInt64
        init(sequence: UInt64) { self.sequence = sequence }
    }

    struct Failure: Error, Equatable { let receipt: UInt64 }

    /// A journal whose receipts fail when listed in `failing`; it records what each entry was
    /// journalled after.
    final class ScriptedJournal: Journal {
        let failing: Set<UInt64>
        private let log = Mutex<(next: UInt64, after: [String: UInt64?])>((0, [:]))

        init(failing: Set<UInt64> = []) { self.failing = failing }

        func enqueue(_ entry: String, after: Receipt?) -> Receipt {
            self.log.withLock { log in
                log.next += 1
                log.after.updateValue(after?.sequence, forKey: entry)
                return Receipt(sequence: log.next)
            }
        }

        func waitUntilDurable(_ receipt: Receipt) async throws(Failure) {
            if self.failing.contains(receipt.sequence) { throw Failure(receipt: receipt.sequence) }
        }

        func after(_ entry: String) -> UInt64?? { self.log.withLock { $0.after[entry] } }
    }

    @Test func eachEntryIsJournalledAfterTheNewestPendingOne() {
        let journal = ScriptedJournal()
        var pending = PendingChanges<Receipt, String>()
        #expect(pending.newest == nil)
        let a = pending.append("a", undo: "undo a", to: journal)
        let b = pending.append("b", undo: "undo b", to: journal)
        #expect(journal.after("a") == .some(.none))
        #expect(journal.after("b") == .some(.some(a.sequence)))
        #expect(pending.newest == b && pending.count == 2)
    }

    @Test func undoReturnsTheFailedEntryAndEveryLaterOneNewestFirst() {
        let journal = ScriptedJournal()
        var pending = PendingChanges<Receipt, String>()
        let a = pending.append("a", undo: "undo a", to: journal)
        let b = pending.append("b", undo: "undo b", to: journal)
        _ = pending.append("c", undo: "undo c", to: journal)
        #expect(pending.undo(from: b) == ["undo c", "undo b"])
        // What stays pending is what the next entry builds on.
        #expect(pending.newest == a)
        _ = pending.append("d", undo: "undo d", to: journal)
        #expect(journal.after("d") == .some(.some(a.sequence)))
        // An entry already undone (a later waiter of the same failure) undoes nothing.
        #expect(pending.undo(from: b) == nil)
    }

    /// Undo values that list a change's before-images in the order it wrote them come out as
    /// one list: newest entry first, and each entry's images last first.
    @Test func undoStepsFlattensNewestEntryFirstAndEachEntrysStepsLastFirst() {
        let journal = ScriptedJournal()
        var pending = PendingChanges<Receipt, [String]>()
        _ = pending.append("a", undo: ["a1", "a2"], to: journal)
        let b = pending.append("b", undo: ["b1", "b2"], to: journal)
        _ = pending.append("c", undo: ["c1", "c2", "c3"], to: journal)
        #expect(pending.undoSteps(from: b) == ["c3", "c2", "c1", "b2", "b1"])
        #expect(pending.count == 1)
        #expect(pending.undoSteps(from: b) == [])
    }

    @Test func durabilityForgetsTheEntryAndEveryEarlierOne() {
        let journal = ScriptedJournal()
        var pending = PendingChanges<Receipt, String>()
        _ = pending.append("a", undo: "undo a", to: journal)
        let b = pending.append("b", undo: "undo b", to: journal)
        let c = pending.append("c", undo: "undo c", to: journal)
        pending.forget(through: b)
        #expect(pending.count == 1 && pending.newest == c)
        #expect(pending.undo(from: b) == nil)
        #expect(pending.undo(from: c) == ["undo c"])
        #expect(pending.newest == nil)
    }

    @Test func theOldestEntriesGoPastTheBound() {
        let journal = ScriptedJournal()
        var pending = PendingChanges<Receipt, Int>(capacity: 3)
        let receipts = (1...5).map { pending.append("e\($0)", undo: $0, to: journal) }
        #expect(pending.count == 3)
        #expect(pending.undo(from: receipts[1]) == nil)
        #expect(pending.undo(from: receipts[2]) == [5, 4, 3])
    }

    /// A store's side of the mechanism: its pending changes and what it undid, under locks.
    final class UndoingStore: Sendable {
        let pending = Mutex(PendingChanges<Receipt, String>())
        let undone = Mutex<[String]>([])

        func undo(_ receipt: Receipt) {
            let undo = self.pending.withLock { $0.undo(from: receipt) } ?? []
            self.undone.withLock { $0 += undo }
        }

        func forget(_ receipt: Receipt) { self.pending.withLock { $0.forget(through: receipt) } }
    }

    @Test func waitingUndoesOnFailureAndForgetsOnSuccess() async throws {
        let journal = ScriptedJournal(failing: [2])
        let store = UndoingStore()
        let first = store.pending.withLock { $0.append("a", undo: "undo a", to: journal) }
        let second = store.pending.withLock { $0.append("b", undo: "undo b", to: journal) }
        let third = store.pending.withLock { $0.append("c", undo: "undo c", to: journal) }
        try await journal.waitUntilDurable(first, undo: store.undo, forget: store.forget)
        #expect(store.pending.withLock { $0.count } == 2)
        await #expect(throws: Failure(receipt: 2)) {
            try await journal.waitUntilDurable(second, undo: store.undo, forget: store.forget)
        }
        #expect(store.undone.withLock { $0 } == ["undo c", "undo b"])
        #expect(store.pending.withLock { $0.count } == 0)
        // The third entry's own wait succeeds in this script, but it was already undone with
        // the second: nothing is left to forget or undo.
        try await journal.waitUntilDurable(third, undo: store.undo, forget: store.forget)
        #expect(store.undone.withLock { $0 } == ["undo c", "undo b"])
        // No receipt (an in-memory store): nothing to wait for.
        try await journal.waitUntilDurable(nil, undo: store.undo, forget: store.forget)
    }
}
