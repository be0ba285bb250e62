import NIOCore
import NIOHPACK

/// A frame a stream wrote that waits for flow-control window (RFC 9113 §6.9): DATA beyond the
/// client's windows, and whatever the stream wrote after it (its trailers), kept in order.
enum HTTP2PendingWrite {
    case data(ByteBuffer, endStream: Bool, promise: EventLoopPromise<Void>?)
    case headers(HPACKHeaders, endStream: Bool, promise: EventLoopPromise<Void>?)

    var promise: EventLoopPromise<Void>? {
        switch self {
        case .data(_, _, let promise), .headers(_, _, let promise): promise
        }
    }
}
