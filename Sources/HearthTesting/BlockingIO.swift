import Dispatch

/// Runs blocking socket code from async tests without starving the server under test.
///
/// ``RawHTTPConnection`` blocks its thread in `recv`. Called directly from an async test, it
/// occupies one of the few threads (one per core) that Swift's global executor shares with
/// `DispatchQueue.global()`; an in-process server needs those threads to answer, so on a
/// two-core machine a few parallel tests can stall each other until the read timeouts. This
/// runs the blocking work on a private serial queue, which libdispatch backs with an
/// overcommitting thread (started even when every core is busy).
public enum BlockingIO {
    /// Runs `body` on a thread outside Swift's cooperative pool and returns its result.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "hearth.blocking-io").async {
                continuation.resume(with: Result { try body() })
            }
        }
    }
}
