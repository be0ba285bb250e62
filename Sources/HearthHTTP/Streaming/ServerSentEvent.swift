/// One server-sent event, encoded as the HTML Living Standard's `text/event-stream` wants it:
/// `event:`, `id:` and one `data:` line per line of data, then a blank line.
public struct ServerSentEvent: Sendable, Hashable {
    public var event: String?
    public var id: String?
    public var data: [UInt8]

    public init(event: String? = nil, id: String? = nil, data: [UInt8]) {
        self.event = event
        self.id = id
        self.data = data
    }

    /// A comment line (`: text`), ignored by clients; keeps proxies from closing idle streams.
    public static func comment(_ text: String) -> [UInt8] {
        Array(": \(text)\n\n".utf8)
    }

    /// The wire bytes. Data containing newlines is split over several `data:` lines, which
    /// clients join back with `\n`.
    public var encoded: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(self.data.count + 64)
        if let event { out += Array("event: \(event)\n".utf8) }
        if let id { out += Array("id: \(id)\n".utf8) }
        var line = self.data[...]
        while true {
            out += Array("data: ".utf8)
            if let newline = line.firstIndex(of: UInt8(ascii: "\n")) {
                out += line[..<newline]
                out.append(UInt8(ascii: "\n"))
                line = line[line.index(after: newline)...]
            } else {
                out += line
                out.append(UInt8(ascii: "\n"))
                break
            }
        }
        out.append(UInt8(ascii: "\n"))
        return out
    }
}
