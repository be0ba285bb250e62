import Synchronization

/// The encoded form of one `ListenEvent`, computed by the first listener that needs it and
/// reused by all the others.
///
/// Why: a thousand listeners on one query receive the same snapshot after each commit; encoding
/// it a thousand times would cost more than everything else the commit does. The store never
/// reads the memo: it only carries it, one allocation per event (not per listener), beside the
/// snapshot. The bytes are whatever the wire layer made of the snapshot; they depend on the
/// snapshot alone, never on the listener.
public final class ListenEventMemo: Sendable {
    private let bytes = Mutex<[UInt8]?>(nil)

    init() {}

    /// The memoised bytes, computing them with `encode` if no one has yet. Concurrent callers
    /// wait for the first one's result instead of encoding the same bytes again.
    public func bytes(orEncode encode: () -> [UInt8]) -> [UInt8] {
        self.bytes.withLock { bytes in
            if let bytes { return bytes }
            let encoded = encode()
            bytes = encoded
            return encoded
        }
    }
}
