import NIOHTTP2

/// What the ``HTTP2FrameCodec`` remembers of closed stream ids, to answer a late frame as RFC
/// 9113 §5.1 says: a stream the server reset may still get frames the client sent before it
/// knew (ignored); one the client closed may not (STREAM_CLOSED); an id the client skipped when
/// it opened a higher one was never used, and HEADERS on it is a PROTOCOL_ERROR (§5.1.1).
///
/// Bounded: the last ``capacity`` streams the server reset, and the last ``capacity`` ranges of
/// skipped ids (clients open ids in order, so there are rarely any). An id that fell out of the
/// reset list gets STREAM_CLOSED, a stream error the client, whose stream is gone, never notices;
/// one that fell out of the skipped list is taken for closed (STREAM_CLOSED, not PROTOCOL_ERROR).
struct HTTP2ClosedStreams {
    static let capacity = 32

    private var reset: [HTTP2StreamID] = []
    private var nextReset = 0
    private var skippedRanges: [ClosedRange<Int32>] = []

    /// Stream `id` is opened, `last` being the highest id opened before it.
    mutating func open(_ id: HTTP2StreamID, after last: HTTP2StreamID) {
        let first = Int32(last) == 0 ? 1 : Int32(last) + 2
        guard Int32(id) > first else { return }
        if self.skippedRanges.count == Self.capacity { self.skippedRanges.removeFirst() }
        self.skippedRanges.append(first...(Int32(id) - 2))
    }

    /// The server reset stream `id`.
    mutating func reset(_ id: HTTP2StreamID) {
        if self.reset.count < Self.capacity {
            self.reset.append(id)
        } else {
            self.reset[self.nextReset] = id
            self.nextReset = (self.nextReset + 1) % Self.capacity
        }
    }

    func resetByServer(_ id: HTTP2StreamID) -> Bool { self.reset.contains(id) }

    func skipped(_ id: HTTP2StreamID) -> Bool { self.skippedRanges.contains { $0.contains(Int32(id)) } }
}
