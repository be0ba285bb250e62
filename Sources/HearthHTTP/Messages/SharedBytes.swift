import NIOCore

/// Bytes made once and handed to many streamed responses (one encoded snapshot for every
/// listener of a query), so that each stream queues a reference, not a copy.
///
/// Why: a stream whose client stops reading keeps what it was sent until it is cut off. With a
/// copy per stream, a thousand stalled listeners of a 1 MiB document held a thousand copies of
/// every snapshot; shared, they hold one, and each stream's byte bound (counted per stream, as
/// if it held its own copy) is an upper bound of the memory really used. Making it costs one
/// copy of `bytes`; handing it to a stream costs a reference count.
public struct SharedBytes: Sendable {
    /// The bytes, as the transport writes them (never mutated: every write reads a slice).
    let buffer: ByteBuffer

    /// Copies `bytes` once.
    public init(_ bytes: [UInt8]) {
        self.buffer = ByteBuffer(bytes: bytes)
    }

    /// The number of bytes.
    public var count: Int { self.buffer.readableBytes }

    /// Whether there are no bytes.
    public var isEmpty: Bool { self.buffer.readableBytes == 0 }

    /// A copy of the bytes, for a transport that writes arrays (a gRPC call's body).
    public var bytes: [UInt8] { Array(self.buffer.readableBytesView) }
}
