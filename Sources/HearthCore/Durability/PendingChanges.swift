/// The changes a store applied in memory and handed to its journal whose durability is not yet
/// known, oldest first, each with what undoes it: the one undo mechanism behind every store's
/// "acknowledge only what is durable, undo what is not".
///
/// Lives in the store's locked state: `append` runs under the lock when a change is applied,
/// `forget` when the journal says a receipt is durable, `undo` when it says it is not.
/// Invariants: receipts increase from oldest to newest; an entry is journalled after the newest
/// entry not undone, so when one fails, every entry after it was built on it and fails too.
/// Bounded to `capacity` entries (the oldest are dropped: by then they are long durable, as
/// durability is in receipt order and the journal commits in groups far smaller than that).
public struct PendingChanges<Receipt: JournalPosition, Undo: Sendable>: Sendable {
    private var entries: [(receipt: Receipt, undo: Undo)] = []
    public let capacity: Int

    public init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The newest entry not yet undone or forgotten: what the next entry is built on.
    public var newest: Receipt? { self.entries.last?.receipt }

    /// How many entries await their outcome.
    public var count: Int { self.entries.count }

    /// Hands `entry` to `journal` after the newest pending entry and remembers `undo` for it.
    /// O(1) amortized.
    public mutating func append<J: Journal>(_ entry: J.Entry, undo: Undo, to journal: J) -> Receipt where J.Receipt == Receipt {
        let receipt = journal.enqueue(entry, after: self.newest)
        self.entries.append((receipt, undo))
        if self.entries.count > self.capacity { self.entries.removeFirst(self.entries.count - self.capacity) }
        return receipt
    }

    /// Forgets `receipt` and every entry before it: they are durable. O(forgotten).
    public mutating func forget(through receipt: Receipt) {
        let durable = self.entries.prefix { $0.receipt <= receipt }.count
        self.entries.removeFirst(durable)
    }

    /// Takes out the entry with `receipt` and every entry after it, and returns their undo
    /// values newest first, the order to apply them in; nil if `receipt` is not pending (an
    /// earlier failure already undid it, or it was forgotten). O(undone).
    public mutating func undo(from receipt: Receipt) -> [Undo]? {
        guard let first = self.entries.firstIndex(where: { $0.receipt == receipt }) else { return nil }
        let undone = self.entries[first...].reversed().map(\.undo)
        self.entries.removeSubrange(first...)
        return undone
    }
}

extension PendingChanges {
    /// ``undo(from:)`` for stores whose undo value is the list of before-images a change
    /// overwrote, in the order it overwrote them (the Realtime Database, Auth): one list of
    /// every step to apply, newest entry first and each entry's steps last first; empty if
    /// `receipt` is not pending. O(undone steps).
    public mutating func undoSteps<Step>(from receipt: Receipt) -> [Step] where Undo == [Step] {
        (self.undo(from: receipt) ?? []).flatMap { $0.reversed() }
    }
}
