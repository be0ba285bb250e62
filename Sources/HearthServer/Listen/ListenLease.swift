import HearthFirestore

/// A listener's registration in the store, cancelled when the stream ends or, failing that,
/// when the response that would have streamed it is dropped.
///
/// Why a class: the registration is made before the response is returned (so errors are a 4xx
/// and the initial snapshot is consistent), but the transport may never run the stream's body
/// (a `HEAD` request, a connection that closed in between). Tying the registration to the
/// lifetime of the body closure means it cannot outlive it either way.
final class ListenLease: Sendable {
    let store: DocumentStore
    let registration: ListenRegistration

    init(store: DocumentStore, registration: ListenRegistration) {
        self.store = store
        self.registration = registration
    }

    deinit {
        self.store.cancel(self.registration)
    }

    /// Cancels the registration now (idempotent; the deinit's cancel is then a no-op).
    func cancel() {
        self.store.cancel(self.registration)
    }
}
