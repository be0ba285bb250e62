import HearthFirestore
import HearthHTTP
import Synchronization

/// The global snapshot's bytes (`TargetChange NO_CHANGE`, no target ids, a read time) for the
/// latest read time asked, encoded once and shared by every `Listen` stream of the server.
///
/// Why: after each commit every stream listening to it sends a global snapshot, and the bytes
/// depend on the read time alone (the stream's latest, which for a thousand streams on one query
/// is the commit's). Encoding it with SwiftProtobuf once per stream cost more than a tenth of
/// the server's CPU at 1,000 streams and 200 commits/s; shared, it is encoded once per commit
/// and each stream queues a reference. Costs one lock round trip per global snapshot sent (the
/// fan-out's task is nearly its only caller) and one encoding held.
final class ListenGlobalSnapshots: Sendable {
    private let latest = Mutex<(readTime: Timestamp, bytes: SharedBytes)?>(nil)

    init() {}

    /// The encoded global snapshot at `readTime`: the shared one when it is the latest asked,
    /// else encoded now (and kept, as the latest).
    func bytes(at readTime: Timestamp) -> SharedBytes {
        if let known = self.latest.withLock({ $0 }), known.readTime == readTime { return known.bytes }
        let bytes = SharedBytes(ListenResponseEncoder.globalSnapshot(at: readTime))
        self.latest.withLock { latest in
            if latest.map({ $0.readTime < readTime }) ?? true { latest = (readTime, bytes) }
        }
        return bytes
    }
}
