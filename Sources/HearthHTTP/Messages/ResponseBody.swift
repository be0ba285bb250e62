/// The body of a ``Response``.
///
/// Buffered bodies (`.bytes`) go out with `Content-Length` in the same write and flush as the
/// head. A `.stream` body is produced by a closure that writes pieces as they become available
/// (server-sent events, large exports); the transport sends it with chunked transfer-encoding
/// unless the handler set `Content-Length`, and the closure's writes suspend while the client
/// is not reading. For `HEAD` requests the closure is never called.
public enum ResponseBody: Sendable {
    /// No body (`Content-Length: 0` where the status allows a body).
    case empty
    /// A complete body held in memory.
    case bytes([UInt8])
    /// A body written piece by piece; throwing ends the response early by closing the
    /// connection, since the status line has already been sent. When the server shuts down,
    /// the closure's task is cancelled: return promptly (ending with `CancellationError` is
    /// fine) and the response is finished properly.
    case stream(@Sendable (any ResponseBodyWriter) async throws -> Void)
}
