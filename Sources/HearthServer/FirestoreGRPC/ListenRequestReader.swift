import HearthFirestoreProto
import HearthGRPC
import Synchronization

/// The client's side of a `Listen` call, handed to the one task that reads it.
///
/// Why `@unchecked Sendable`: `GRPCRequestStream` is not `Sendable` (it owns the call's body,
/// read by one task). The handler reads the first request itself, then builds this box and
/// never touches the iterator again; only the child task that runs ``forEach(_:)`` reads it,
/// once, so the iterator is never used from two tasks. The reader runs in a child task so
/// that ending the call (the session was cut off) can cancel the read. `finished` is atomic,
/// read by the call's task.
final class ListenRequestReader: @unchecked Sendable {
    private var iterator: GRPCRequestStream<Google_Firestore_V1_ListenRequest>.AsyncIterator
    private let finished = Atomic(false)

    /// Whether ``forEach(_:)`` returned or threw: the client half-closed, sent a request that
    /// ended the call, or the read failed. Set before the reader's task ends.
    var hasFinished: Bool { self.finished.load(ordering: .acquiring) }

    init(iterator: GRPCRequestStream<Google_Firestore_V1_ListenRequest>.AsyncIterator) {
        self.iterator = iterator
    }

    /// Calls `handle` with each request until the client half-closes.
    func forEach(_ handle: (Google_Firestore_V1_ListenRequest) throws -> Void) async throws {
        defer { self.finished.store(true, ordering: .releasing) }
        while let request = try await self.iterator.next() {
            try handle(request)
        }
    }
}
