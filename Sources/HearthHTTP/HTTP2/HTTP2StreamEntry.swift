import NIOHTTP2

/// What an ``HTTP2ConnectionHandler`` keeps for one open stream, on its event loop: the
/// stream, the inbox its request frames go to, the writer its task waits on, and the stream's
/// two flow-control counts.
///
/// A class, used only on the connection's event loop (not `Sendable`): the handler looks its
/// entry up on every frame read or written, and a struct of five references was copied out of
/// the dictionary each time, five retains and releases per look.
final class HTTP2StreamEntry {
    let stream: HTTP2ServerStream
    let inbox: HTTP2StreamInbox
    let outbound: HTTP2StreamOutbound
    /// The request HEADERS, until the task serving the stream starts (at the end of the read
    /// that brought it).
    var head: HTTP2Frame.FramePayload.Headers?
    /// Cancels the task serving the stream, once it has started.
    var cancellation: HTTP2StreamCancellation?
    /// DATA bytes written and not yet sent (held for the client's window or the socket).
    var unsent = 0
    /// Whether the stream was last told it may write (hysteresis between the two water marks).
    var writable = true
    /// Request DATA bytes in the inbox, not yet read.
    var held = 0
    /// Request bytes read (or never delivered, like padding) and not yet given back to the
    /// client with a WINDOW_UPDATE.
    var owed = 0
    /// The client ended its side: no WINDOW_UPDATE is sent on the stream any more.
    var remoteEnded = false

    init(stream: HTTP2ServerStream, inbox: HTTP2StreamInbox, outbound: HTTP2StreamOutbound, head: HTTP2Frame.FramePayload.Headers?) {
        self.stream = stream
        self.inbox = inbox
        self.outbound = outbound
        self.head = head
    }

    /// Tells the stream's readers (fan-outs) and its waiting writer whether it may be written.
    func tell(writable: Bool) {
        self.stream.setWritable(writable)
        self.outbound.setWritable(writable)
    }
}
