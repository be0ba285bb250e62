import HearthDatabase

/// What a request's handling leaves to send: a reply now, or a write's `ok` once the write is
/// durable (`DatabaseSocketConnection` acknowledges writes in order without holding up the
/// requests after them, so an SDK's pipelined writes share the journal's group commits).
enum DatabaseSocketReply: Sendable {
    case now([UInt8])
    /// Request `number`'s `ok`, once `receipt` is durable (nil: in memory, at once).
    case durable(number: Int64, receipt: DatabaseJournalReceipt?)
}
