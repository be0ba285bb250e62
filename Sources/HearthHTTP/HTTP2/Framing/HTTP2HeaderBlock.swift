import NIOCore
import NIOHTTP2

/// A header block whose CONTINUATION frames are still coming (RFC 9113 §6.10), and the bounds
/// it must keep: nothing else may arrive on the connection until it ends, so a client that never
/// ends it holds the connection's reading (and, frame by frame, the server's time).
///
/// Bounds, each a connection error ENHANCE_YOUR_CALM (GOAWAY, then the close): at most
/// `maxHeaderListSize` plus one frame of fragments (the HPACK-coded list is never larger than
/// the list, so a block past that decodes past SETTINGS_MAX_HEADER_LIST_SIZE anyway); at most
/// ``maxContinuations`` CONTINUATION frames, empty ones included (CVE-2024-27316: a flood of
/// empty CONTINUATIONs grows no buffer but never ends); and ``maxDuration`` from its HEADERS to
/// its END_HEADERS. Not a 431 (§10.5.1 allows either): a block that is not decoded leaves the
/// HPACK table out of step with the client's, so the connection cannot go on (§4.3).
struct HTTP2HeaderBlock {
    /// CONTINUATIONs a block may span: a 64 KiB list in the 16 KiB frames clients send needs 4.
    static let maxContinuations = 128
    /// How long a block may take across its frames.
    static let maxDuration = TimeAmount.seconds(10)

    let stream: HTTP2StreamID
    let endStream: Bool
    /// The HEADERS frame's priority names its own stream (§5.3.1).
    let dependsOnItself: Bool
    var fragments: ByteBuffer
    private var continuations = 0
    private let started = NIODeadline.now()

    init(stream: HTTP2StreamID, endStream: Bool, dependsOnItself: Bool, first: ByteBuffer, allocator: ByteBufferAllocator) {
        self.stream = stream
        self.endStream = endStream
        self.dependsOnItself = dependsOnItself
        var first = first
        self.fragments = allocator.buffer(capacity: first.readableBytes * 2)
        self.fragments.writeBuffer(&first)
    }

    /// Adds a CONTINUATION frame's fragment, or throws once the block is past a bound.
    mutating func append(_ fragment: inout ByteBuffer, maxHeaderListSize: Int) throws(HTTP2ConnectionError) {
        self.continuations += 1
        guard self.fragments.readableBytes + fragment.readableBytes <= maxHeaderListSize + HTTP2FrameCodec.maxFrameSize else {
            throw HTTP2ConnectionError(.enhanceYourCalm, "a header block on stream \(self.stream) exceeds \(maxHeaderListSize) bytes")
        }
        guard self.continuations <= Self.maxContinuations else {
            throw HTTP2ConnectionError(
                .enhanceYourCalm, "a header block on stream \(self.stream) spans more than \(Self.maxContinuations) CONTINUATION frames")
        }
        guard NIODeadline.now() - self.started <= Self.maxDuration else {
            throw HTTP2ConnectionError(
                .enhanceYourCalm,
                "a header block on stream \(self.stream) took more than \(Self.maxDuration.nanoseconds / 1_000_000_000) s to end")
        }
        self.fragments.writeBuffer(&fragment)
    }
}
