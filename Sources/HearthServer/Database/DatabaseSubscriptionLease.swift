import HearthDatabase

/// A stream's subscription to a namespace's changes, ended when the stream ends or, failing
/// that, when the response that would have streamed it is dropped (the RTDB counterpart of
/// `ListenLease`; see there for why).
///
/// Why: the subscription is made before the response is returned (so the first `put` is
/// consistent with the changes that follow), but the transport may never run the body (a
/// `HEAD` request, a connection that closed in between); the store's sink would then keep the
/// stream alive and fed. The body closure holds the lease, so the subscription cannot outlive it.
final class DatabaseSubscriptionLease: Sendable {
    let store: DatabaseStore
    let subscription: DatabaseSubscription

    init(store: DatabaseStore, subscription: DatabaseSubscription) {
        self.store = store
        self.subscription = subscription
    }

    deinit {
        self.store.unsubscribe(self.subscription)
    }
}
