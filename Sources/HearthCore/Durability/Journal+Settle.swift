extension Journal {
    /// Waits until the entry with `receipt` is durable; only then may its write be
    /// acknowledged. Returns at once without a receipt (an in-memory store, a no-op write).
    ///
    /// On failure, `undo` runs with the receipt before the error is rethrown: the store takes
    /// the entry and every later one out of its ``PendingChanges`` under its lock and puts
    /// their before-images back, newest first, while reads keep working. The next write builds
    /// on what is durable, so writes succeed again once the cause (a full disk) is gone, with
    /// no restart. On success, `forget` runs so the store can drop what it kept for undoing.
    /// - Throws: the journal's `Failure`.
    public func waitUntilDurable(
        _ receipt: Receipt?, undo: (Receipt) -> Void, forget: (Receipt) -> Void
    ) async throws(Failure) {
        guard let receipt else { return }
        do {
            try await self.waitUntilDurable(receipt)
        } catch {
            undo(receipt)
            throw error
        }
        forget(receipt)
    }
}
