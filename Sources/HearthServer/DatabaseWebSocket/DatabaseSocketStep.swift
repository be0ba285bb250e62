import HearthDatabase

/// What one received WebSocket message asks of `DatabaseSocketConnection`'s read loop, decided
/// by a synchronous function so the loop's async frame, allocated for the connection's whole
/// life, holds only this small value and not the parsed request, the action's locals and the
/// error paths (about 1.2 KiB of task memory per connection when they were inlined).
enum DatabaseSocketStep: Sendable {
    /// Bytes to send now (a reply, a pong, an `invalid_data` error).
    case send([UInt8])
    /// Request `number`'s `ok`, once `receipt` is durable (nil: in memory, at once).
    case durable(number: Int64, receipt: DatabaseJournalReceipt?)
    /// The client broke the protocol: close with 1002 (protocol error) and this reason.
    case close(reason: String)
    /// Nothing to send (a frame of a split message, a keep-alive, an ignored control message).
    case nothing
}
