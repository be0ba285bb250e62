/// Reads server-sent events from a chunked response on a `RawHTTPConnection`, as a browser's
/// `EventSource` would: `event:`/`id:`/`data:` fields up to a blank line; comment lines are
/// returned too (so tests can see keep-alives).
public final class EventStreamReader {
    public struct Event: Sendable, Equatable {
        public var event: String?
        public var id: String?
        public var data: String
        /// The text of a comment line (`: keep-alive`), nil for a real event.
        public var comment: String?
    }

    public let connection: RawHTTPConnection
    public let head: RawHTTPResponse
    private var buffer: [UInt8] = []
    /// Where the search for the blank line ending the next event resumes, so a large event
    /// arriving in many chunks is scanned once, not once per chunk.
    private var scanned = 0

    /// Sends `request` (a complete HTTP request) and reads the response head.
    ///
    /// - Parameter receiveBufferSize: a small socket receive buffer, for a reader that is to
    ///   stop reading and make the server's writes back up soon (see `RawHTTPConnection`).
    public init(port: Int, request: String, receiveBufferSize: Int? = nil) throws {
        self.connection = try RawHTTPConnection(port: port, receiveBufferSize: receiveBufferSize)
        try self.connection.send(request)
        self.head = try self.connection.readResponseHead()
    }

    /// The next event or comment; nil when the stream ended.
    public func next() throws -> Event? {
        while true {
            if let end = self.blankLine() {
                let block = String(decoding: self.buffer[..<end], as: UTF8.self)
                self.buffer.removeFirst(end + 2)
                self.scanned = 0
                var event = Event(data: "")
                var data: [String] = []
                for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix(":") { event.comment = String(line.dropFirst().drop { $0 == " " }) }
                    if line.hasPrefix("event: ") { event.event = String(line.dropFirst(7)) }
                    if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                    if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                }
                event.data = data.joined(separator: "\n")
                return event
            }
            guard let chunk = try self.connection.readChunk() else { return nil }
            self.buffer += chunk
        }
    }

    /// The next real event, skipping comments.
    public func nextEvent() throws -> Event? {
        while let event = try self.next() {
            if event.comment == nil { return event }
        }
        return nil
    }

    public func close() {
        self.connection.close()
    }

    private func blankLine() -> Int? {
        guard self.buffer.count >= 2 else { return nil }
        for i in self.scanned..<(self.buffer.count - 1) where self.buffer[i] == 10 && self.buffer[i + 1] == 10 { return i }
        self.scanned = self.buffer.count - 1
        return nil
    }
}
