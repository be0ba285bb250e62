/// An ordered list of operations applied atomically: after a crash or a failure, either all of them
/// are in the store or none is. Operations apply in order, so a later `put` wins over an earlier one.
public struct StorageBatch: Sendable, Hashable {
    public var operations: [StorageOperation]

    public init(_ operations: [StorageOperation] = []) {
        self.operations = operations
    }

    public init(operations: [StorageOperation]) {
        self.operations = operations
    }
}
