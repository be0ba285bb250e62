/// The body of a ``Response``.
///
/// Buffered bodies (`.bytes`) go out with `Content-Length` in the same write and flush as the
/// head. A streamed body (`.stream`, `.eventStream`) is produced by a closure that writes
/// pieces as they become available (server-sent events, large exports); the transport sends
/// it with chunked transfer-encoding unless the handler set `Content-Length`, and the
/// closure's writes suspend while the client is not reading. For `HEAD` requests the closure
/// is never called.
public enum ResponseBody: Sendable {
    /// No body (`Content-Length: 0` where the status allows a body).
    case empty
    /// A complete body held in memory.
    case bytes([UInt8])
    /// A body written piece by piece, by a task of its own; throwing ends the response early
    /// by closing the connection, since the status line has already been sent. When the server
    /// shuts down or the client closes the connection, the closure's task is cancelled:
    /// return promptly (ending with `CancellationError` is fine) and the response is finished
    /// properly (if the client is still there).
    case stream(@Sendable (any ResponseBodyWriter) async throws -> Void)
    /// A long-lived body (an event stream that is idle most of the time) produced on the
    /// connection's own task, so an open stream costs no task of its own (a few KiB, which
    /// counts with thousands of listeners). It is never cancelled: when the server shuts down
    /// or the client closes the connection, the actions registered with
    /// ``ResponseBodyWriter/onStop(_:)`` run, and the closure must then return promptly (wake
    /// whatever it waits on from there). Otherwise as `.stream`.
    case eventStream(@Sendable (any ResponseBodyWriter) async throws -> Void)
}
