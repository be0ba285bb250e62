/// The outcome of one applied write.
public struct WriteResult: Sendable, Hashable {
    /// The document's update time after the write: the commit time if the write changed it,
    /// the previous update time for a no-op, and nil after a delete (as production reports).
    public var updateTime: Timestamp?
    /// One value per field transform, in order: the new value, or null for array transforms.
    public var transformResults: [FirestoreValue]

    public init(updateTime: Timestamp?, transformResults: [FirestoreValue] = []) {
        self.updateTime = updateTime
        self.transformResults = transformResults
    }
}
