import Synchronization

/// Epoch milliseconds that only move when told to: the Auth store's injected `now`, so time
/// windows (TOTP steps, enrollment deadlines) are tested without sleeping.
final class ManualWallClock: Sendable {
    private let current: Mutex<Int64>

    init(milliseconds: Int64) {
        self.current = Mutex(milliseconds)
    }

    var milliseconds: Int64 { self.current.withLock { $0 } }

    func advance(milliseconds: Int64) {
        self.current.withLock { $0 += milliseconds }
    }
}
