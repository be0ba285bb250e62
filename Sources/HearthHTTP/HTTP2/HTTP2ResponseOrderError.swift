/// A response part written out of order (a body before the head, anything after the end).
struct HTTP2ResponseOrderError: Error, CustomStringConvertible {
    let phase: String
    let expected: String

    var description: String {
        "HTTP/2 response written out of order: the stream is \(self.phase), this write needs it \(self.expected)"
    }
}
