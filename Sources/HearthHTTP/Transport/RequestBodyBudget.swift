import Synchronization

/// The bytes of request bodies that all connections of one or more servers may hold at once
/// while they are read and answered, so many clients sending large bodies together cannot
/// exhaust memory (each body is also bounded by ``HTTPServerConfiguration/maxRequestBodySize``).
///
/// A body with a `Content-Length` reserves its whole length before any byte is read (that is
/// what its buffer reserves); a chunked body reserves each piece as it arrives. What a request
/// reserved is released once its response has been produced. A request that does not fit is
/// answered `503` with a `Retry-After` and the connection closed, unread. Shared by reference:
/// give the same budget to several servers (Hearth's Firestore and Realtime Database ports)
/// and they share it. One lock per reservation; never waits.
public final class RequestBodyBudget: Sendable {
    /// The most bytes that may be reserved at once.
    public let capacity: Int
    private let reserved = Mutex(0)

    /// - Parameter capacity: the bytes bodies in flight may hold together.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Bytes reserved now.
    public var inUse: Int { self.reserved.withLock { $0 } }

    /// Reserves `bytes` if they fit; returns whether they did (nothing is reserved if not).
    func reserve(_ bytes: Int) -> Bool {
        self.reserved.withLock { reserved in
            guard bytes <= self.capacity - reserved else { return false }
            reserved += bytes
            return true
        }
    }

    /// Gives back `bytes` reserved earlier.
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        self.reserved.withLock { $0 -= bytes }
    }
}
