import Synchronization

/// The encoded form of one `ListenEvent`, computed by the first listener that needs it and
/// reused by all the others.
///
/// Why: a thousand listeners on one query receive the same snapshot after each commit; encoding
/// it a thousand times would cost more than everything else the commit does. The store never
/// reads the memo: it only carries it, one allocation per event (not per listener), beside the
/// snapshot. The bytes are whatever the wire layer made of the snapshot, one encoding per
/// `key` (one per wire encoder: server-sent events, gRPC Listen); they depend on the
/// snapshot and the key alone, never on the listener.
public final class ListenEventMemo: Sendable {
    private let encodings = Mutex<[String: [UInt8]]>([:])

    init() {}

    /// The bytes memoised under `key`, computing them with `encode` if no one has yet.
    /// Concurrent callers wait for the first one's result instead of encoding the same bytes again.
    public func bytes(for key: String, orEncode encode: () -> [UInt8]) -> [UInt8] {
        self.encodings.withLock { encodings in
            if let bytes = encodings[key] { return bytes }
            let encoded = encode()
            encodings[key] = encoded
            return encoded
        }
    }
}
