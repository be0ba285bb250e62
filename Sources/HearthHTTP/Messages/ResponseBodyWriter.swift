/// Where a streamed ``ResponseBody`` writes its bytes.
///
/// Each ``write(_:)`` is flushed to the socket immediately, so small event-stream messages are
/// not held back. It suspends while the connection is not writable (the client is not reading
/// fast enough), so a stalled client costs at most the connection's write buffer in memory
/// (``HTTPServerConfiguration/connectionWriteBuffer``, 64 KiB by default) rather than growing
/// without bound; ``send(_:backlog:)``, which never waits, is bounded in bytes per stream
/// (``HTTPServerConfiguration/streamBufferSize``). Once the client has gone away `write`
/// throws, which is the signal for a long-running stream to stop.
///
/// The transport also ends a stream on its own when the client closes the connection (at
/// once, without waiting for the next write to fail), and when the server shuts down: it
/// cancels a `.stream` producer's task, and runs the ``onStop(_:)`` actions of both kinds.
///
/// Class-bound: a session calls ``send(_:backlog:)`` once per delivery on a writer it holds as
/// an existential, and a struct's existential was copied and destroyed around every such call
/// (value-witness calls, about 4 % of a 1,000-listener run's server CPU); a class's is a
/// reference.
public protocol ResponseBodyWriter: AnyObject, Sendable {
    /// Writes and flushes `bytes`; an empty array is a no-op.
    func write(_ bytes: [UInt8]) async throws

    /// Queues `bytes` to be written and flushed, without waiting, unless the client is behind:
    /// when the stream already holds bytes its client has not taken and `bytes` would bring
    /// them over the transport's per-stream bound (``HTTPServerConfiguration/streamBufferSize``),
    /// or `backlog` earlier pieces are still waiting because the connection is not writable,
    /// queues nothing and returns false. For producers that must never wait (one task feeding
    /// thousands of event streams) and cut a slow client off instead. Pieces written closely
    /// together leave in one socket write. Never waits, so it may be called under a lock;
    /// returns false too once the client has gone.
    ///
    /// A refusal cuts the stream off: what it still held is dropped at once (its memory freed),
    /// a later ``write(_:)`` queues its bytes without waiting (the final event, after what the
    /// client was already sent), and once the producer returns the transport ends the body and
    /// closes the connection as soon as those bytes have left, or after a short grace if the
    /// client is not reading.
    func send(_ bytes: SharedBytes, backlog: Int) -> Bool

    /// Closes the connection at once, without ending the response properly, for a producer
    /// that gives up on a client that stopped reading: a ``write(_:)`` suspended on it throws
    /// ``HTTPServerError/clientDisconnected``, and bytes not yet handed to the kernel are
    /// dropped. Never waits, so it may be called from any thread, even under a lock.
    func abort()

    /// Runs `action` once, when the stream must stop (the client closed the connection, or
    /// the server is shutting down), or at once if it already must. For producers that wait
    /// on something other than this writer (an event queue): the action wakes them. It runs
    /// on whatever thread notices, so it must only signal (close a queue), never block.
    func onStop(_ action: @escaping @Sendable () -> Void)

    /// Sets the fields sent after the body (trailers: a status known only at the end, as gRPC
    /// needs), replacing any set before. Sent on HTTP/1.1 in the last chunk when the response is
    /// chunked and the client said it takes them (`TE: trailers`), else dropped, as HTTP allows.
    func setTrailers(_ trailers: HTTPHeaders)
}

extension ResponseBodyWriter {
    /// Writers that cannot send trailers drop them.
    public func setTrailers(_ trailers: HTTPHeaders) {}
}
