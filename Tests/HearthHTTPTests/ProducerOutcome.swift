/// How a stream producer under test ended, awaited without polling: the producer runs its work
/// through ``record(_:)``, which keeps what the work returned or the error it threw (as text)
/// and then signals; the test awaits ``ended()``.
final class ProducerOutcome: Sendable {
    private let value = Locked<String?>(nil)
    private let finished = Signal()

    /// Runs `work`, keeps its result (or its error's description), then signals the end.
    func record(_ work: () async throws -> String) async {
        defer { self.finished.fire() }
        do {
            self.value.set(try await work())
        } catch {
            self.value.set("\(error)")
        }
    }

    /// Waits until the producer has ended; returns what it recorded.
    func ended() async -> String? {
        await self.finished.wait()
        return self.value.get()
    }
}
