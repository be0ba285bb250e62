import Synchronization

/// A clock that only moves when told to, so the rules registries' recheck intervals are tested
/// without sleeping.
final class ManualClock: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    var now: ContinuousClock.Instant { self.instant.withLock { $0 } }

    func advance(by duration: Duration) {
        self.instant.withLock { $0 += duration }
    }
}
