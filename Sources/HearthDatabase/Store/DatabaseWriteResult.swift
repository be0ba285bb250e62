public import HearthJSON

/// What a write did: the change (with its sequence number), the value now at the written
/// location, and the journal receipt to await before acknowledging.
public struct DatabaseWriteResult: Sendable, Equatable {
    public let change: DatabaseChange
    /// The value at the write's location afterwards (the empty node after a delete).
    public let value: DatabaseNode
    /// nil for an in-memory store or a write that changed nothing.
    public let receipt: DatabaseJournalReceipt?

    public init(change: DatabaseChange, value: DatabaseNode, receipt: DatabaseJournalReceipt?) {
        self.change = change
        self.value = value
        self.receipt = receipt
    }

    /// The REST response body (`rtdb.md` §1.2): for PUT the data written, for PATCH the update
    /// as sent (keys as given, values with server values resolved), for DELETE `null`.
    public var responseJSON: JSONValue {
        switch self.change.kind {
        case .set:
            return self.value.json()
        case .update:
            var object = JSONObject()
            for entry in self.change.entries { object.append(key: entry.path.relativeDescription, value: entry.value.json()) }
            return .object(object)
        }
    }
}
