import NIOCore
import Synchronization

/// One `StreamFlusher` per event loop of a server, made on first use.
final class StreamFlushers: Sendable {
    private let flushers = Mutex<[ObjectIdentifier: StreamFlusher]>([:])

    init() {}

    /// The flusher of `loop`. One lock and one hash lookup, once per streamed response.
    func flusher(for loop: any EventLoop) -> StreamFlusher {
        self.flushers.withLock { flushers in
            let key = ObjectIdentifier(loop)
            if let flusher = flushers[key] { return flusher }
            let flusher = StreamFlusher(loop: loop)
            flushers[key] = flusher
            return flusher
        }
    }
}
