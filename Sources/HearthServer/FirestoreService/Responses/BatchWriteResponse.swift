import HearthFirestore

/// BatchWrite's answer: per write, in order, its result (no update time when it failed) and
/// its status (nil for success).
struct BatchWriteResponse: Sendable {
    var writeResults: [WriteResult]
    var statuses: [FirestoreError?]
}
