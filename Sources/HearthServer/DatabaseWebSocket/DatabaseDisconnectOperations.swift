import HearthDatabase

/// A connection's onDisconnect operations (`o`, `om`; `oc` cancels): writes the server makes
/// when the client's connection ends, however it ends (a close, a lost socket, the server going
/// away), in the order they were registered, as the caller the connection has then. A pure
/// value: the connection holds it and runs it.
///
/// Bounded: the operations may hold at most `maxBytes` (counted as the size of the messages
/// that registered them), so a client cannot make the server hold more than that.
struct DatabaseDisconnectOperations: Sendable {
    enum Operation: Sendable {
        case set(DatabasePath, DatabaseWriteData)
        case merge(DatabasePath, DatabaseUpdate)

        var path: DatabasePath {
            switch self {
            case .set(let path, _), .merge(let path, _): path
            }
        }
    }

    let maxBytes: Int
    private(set) var operations: [(operation: Operation, bytes: Int)] = []
    private var bytes = 0

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Registers `operation`, which arrived in a message of `bytes` bytes.
    /// - Throws: 400 when the connection's operations would exceed ``maxBytes``.
    mutating func add(_ operation: Operation, bytes: Int) throws(DatabaseError) {
        guard self.bytes + bytes <= self.maxBytes else {
            throw .badRequest("Too many onDisconnect operations on this connection (more than \(self.maxBytes) bytes); cancel some first.")
        }
        self.operations.append((operation, bytes))
        self.bytes += bytes
    }

    /// Cancels the operations at or below `path` (`oc`, the SDK's `onDisconnect().cancel()`).
    mutating func cancel(at path: DatabasePath) {
        self.operations.removeAll { path.contains($0.operation.path) }
        self.bytes = self.operations.reduce(0) { $0 + $1.bytes }
    }
}
