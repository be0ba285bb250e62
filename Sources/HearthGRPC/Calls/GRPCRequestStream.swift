public import HearthHTTP
public import SwiftProtobuf

/// The request messages of a client- or bidirectional-streaming call, decoded as they arrive:
/// `for try await request in requests`. Ends when the client ends its side (half-close).
///
/// Not `Sendable`: it reads the stream's body, so iterate it in the handler's own task (send
/// responses from other tasks if needed; ``GRPCResponseStream`` is `Sendable`).
public struct GRPCRequestStream<Message: SwiftProtobuf.Message>: AsyncSequence {
    public typealias Element = Message
    let reader: GRPCRequestReader

    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: GRPCRequestReader

        /// - Throws: ``GRPCStatus`` (INTERNAL for bad framing or an undecodable message,
        ///   RESOURCE_EXHAUSTED for an oversized one), or the stream's error when it was reset.
        public mutating func next() async throws -> Message? {
            guard let bytes = try await self.reader.next() else { return nil }
            return try GRPCCodec.decode(Message.self, from: bytes)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(reader: self.reader) }

    /// The next request if a whole one has arrived, the client's half-close (`.ended`), or
    /// `.pending`: never waits, for a handler that waits for something else on its one task
    /// and reads requests when ``whenReadable(_:)`` wakes it. Shares the iterator's position.
    /// - Throws: as the iterator's `next()`.
    public func nextIfReady() throws -> Polled<Message> {
        switch try self.reader.nextIfReady() {
        case .value(let bytes): return .value(try GRPCCodec.decode(Message.self, from: bytes))
        case .ended: return .ended
        case .pending: return .pending
        }
    }

    /// Calls `wake` (from any thread) once when ``nextIfReady()`` may have more to give: now,
    /// if it has. One wake at a time.
    public func whenReadable(_ wake: @escaping @Sendable () -> Void) {
        self.reader.whenReadable(wake)
    }
}

@available(*, unavailable)
extension GRPCRequestStream: Sendable {}
