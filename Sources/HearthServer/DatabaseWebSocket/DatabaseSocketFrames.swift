/// Joins the frames of split messages as the SDKs send them (`streams.md` §1.3): a message over
/// 16,384 characters arrives as a frame holding only the decimal frame count, then that many
/// chunks; a frame of at most 6 characters that is a number is such a count; `"0"` is the
/// client's keep-alive (sent after 45 s of silence) and says nothing. A pure state machine: no
/// I/O.
///
/// Bounded: a message may hold at most `maxBytes` bytes of UTF-8 once joined, and a count may
/// announce no more frames than that allows, so a client cannot make the server hold more than
/// one message of `maxBytes` (plus the frame being read).
struct DatabaseSocketFrames: Sendable {
    /// What a frame completed.
    enum Outcome: Sendable, Equatable {
        /// A whole message.
        case message(String)
        /// Nothing yet (a count, a chunk of a split message, or the keep-alive).
        case pending
    }

    /// The largest chunk the SDKs send; a count may announce at most `maxBytes / chunkSize + 1` frames.
    static let chunkSize = 16_384

    let maxBytes: Int
    private var expected = 0
    private var chunks: [String] = []
    private var bytes = 0

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    mutating func receive(_ frame: String) throws(DatabaseSocketProtocolError) -> Outcome {
        if self.expected == 0 {
            if frame.utf8.count <= 6, let count = Int(frame) {
                guard count >= 0, count <= self.maxBytes / Self.chunkSize + 1 else {
                    throw DatabaseSocketProtocolError("A split message announced \(count) frames; at most \(self.maxBytes / Self.chunkSize + 1) are accepted (\(self.maxBytes) bytes).")
                }
                self.expected = count
                return .pending
            }
            guard frame.utf8.count <= self.maxBytes else { throw Self.tooLarge(self.maxBytes) }
            return .message(frame)
        }
        self.bytes += frame.utf8.count
        guard self.bytes <= self.maxBytes else { throw Self.tooLarge(self.maxBytes) }
        self.chunks.append(frame)
        guard self.chunks.count == self.expected else { return .pending }
        defer {
            self.chunks = []
            self.bytes = 0
            self.expected = 0
        }
        return .message(self.chunks.joined())
    }

    private static func tooLarge(_ maxBytes: Int) -> DatabaseSocketProtocolError {
        DatabaseSocketProtocolError("A message is larger than \(maxBytes) bytes, the most the server accepts.")
    }
}
