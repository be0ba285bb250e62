/// A stream's registration with its store (a Firestore listen target, an RTDB subscription),
/// ended when the stream ends or, failing that, when the response that would have streamed it
/// is dropped.
///
/// Why: the registration is made before the response is returned (so errors are a 4xx and the
/// first event is consistent with the changes that follow), but the transport may never run
/// the body (a `HEAD` request, a connection that closed in between); the store's sink would
/// then keep the stream alive and fed. The body closure holds the lease, so the registration
/// cannot outlive it either way.
final class SubscriptionLease: Sendable {
    private let release: @Sendable () -> Void

    /// - Parameter release: ends the registration; must be idempotent (it runs at the stream's
    ///   end and again when the lease goes).
    init(release: @escaping @Sendable () -> Void) {
        self.release = release
    }

    deinit {
        self.release()
    }

    /// Ends the registration now.
    func cancel() {
        self.release()
    }
}
