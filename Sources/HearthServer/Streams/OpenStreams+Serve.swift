import HearthHTTP

extension OpenStreams {
    /// The task every session runs once its response has started (`StreamSession`, whatever
    /// its subscriptions): registers it here, queues its
    /// first event, lets `goLive` hand later deliveries to the fan-out, then writes what
    /// `handle` makes of each control item (nil: the control queue overflowed) until one ends
    /// the stream, the client closes the connection (`onStop` closes the queue) or the queue
    /// is closed.
    ///
    /// Kept lean: this frame stays allocated as long as the stream is open, so `first` is
    /// only called to write (a large first event is not held), and the cold paths are the
    /// callers' synchronous functions.
    func serve(
        _ writer: any ResponseBodyWriter, scope: String, queue: EventQueue<Item>, first: () -> [UInt8], goLive: () -> Void,
        handle: (Item?) -> ([UInt8], last: Bool)?
    ) async throws {
        let entry = self.open(scope: scope, queue: queue, writer: writer)
        writer.onStop { [queue] in queue.close() }
        defer {
            queue.close()
            self.close(entry)
        }
        // Queued, not awaited: a client that never reads even its first event is then cut off
        // by the transport's byte bound like any other (a waiting write would hold the stream
        // until a keep-alive found it stuck).
        let opening = first()
        if !opening.isEmpty, !writer.send(SharedBytes(opening), backlog: .max) { return }
        goLive()
        while true {
            let item: Item?
            switch await queue.next() {
            case .closed: return
            case .overflowed: item = nil
            case .element(let next): item = next
            }
            guard let (bytes, last) = handle(item) else { continue }
            try await writer.write(bytes)
            if last { return }
        }
    }
}
