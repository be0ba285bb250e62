import Synchronization

/// A flag set from a `@Sendable` callback and read by the test.
final class StopFlag: Sendable {
    private let value = Atomic(false)

    func set() { self.value.store(true, ordering: .relaxed) }

    var isSet: Bool { self.value.load(ordering: .relaxed) }
}
