import HearthFirestoreProto
import HearthGRPC

/// The client's side of a `Listen` call, handed to the one task that reads it.
///
/// Why `@unchecked Sendable`: `GRPCRequestStream` is not `Sendable` (it owns the call's body,
/// read by one task). The handler reads the first request itself, then builds this box and
/// never touches the iterator again; only the child task that runs ``forEach(_:)`` reads it,
/// once, so the iterator is never used from two tasks. The reader runs in a child task so
/// that ending the call (the session was cut off) can cancel the read.
final class ListenRequestReader: @unchecked Sendable {
    private var iterator: GRPCRequestStream<Google_Firestore_V1_ListenRequest>.AsyncIterator

    init(iterator: GRPCRequestStream<Google_Firestore_V1_ListenRequest>.AsyncIterator) {
        self.iterator = iterator
    }

    /// Calls `handle` with each request until the client half-closes.
    func forEach(_ handle: (Google_Firestore_V1_ListenRequest) throws -> Void) async throws {
        while let request = try await self.iterator.next() {
            try handle(request)
        }
    }
}
