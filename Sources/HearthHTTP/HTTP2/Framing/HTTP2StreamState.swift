/// What the ``HTTP2FrameCodec`` keeps for one open stream (RFC 9113 §5.1): which sides have
/// ended, both flow-control windows, and the frames waiting for the client's window.
///
/// A class on the connection's event loop (not `Sendable`): it is looked up on every frame, and
/// a struct holding a queue would be copied out of the dictionary, and its queue with it, on
/// every change.
final class HTTP2StreamState {
    /// The client sent END_STREAM (half-closed remote).
    var remoteEnded: Bool
    /// The server's END_STREAM has been written (half-closed local).
    var localEnded = false
    /// The server wrote the response's HEADERS (a reset from the client then cancels a call it
    /// was answered, not work it never saw the end of: ``HTTP2FrameCodec/maxUnansweredResets``).
    var answered = false
    /// The server wrote END_STREAM, sent or waiting in ``pending``: nothing more may follow.
    var localEnding = false
    /// Bytes the server may send before the client's next WINDOW_UPDATE (may go negative when
    /// the client lowers SETTINGS_INITIAL_WINDOW_SIZE, §6.9.2).
    var sendWindow: Int
    /// Bytes the client may send before the server's next WINDOW_UPDATE.
    var receiveWindow: Int
    /// What is left of the request's `content-length`, when it gave one: DATA past it, or
    /// END_STREAM before it, is malformed (RFC 9113 §8.1.1).
    var unreceivedLength: Int?
    /// Frames waiting for window, in the order written (an empty array holds no storage; the
    /// queue is a frame or two, so taking its first is cheap).
    var pending: [HTTP2PendingWrite] = []

    init(remoteEnded: Bool, sendWindow: Int, receiveWindow: Int) {
        self.remoteEnded = remoteEnded
        self.sendWindow = sendWindow
        self.receiveWindow = receiveWindow
    }
}
