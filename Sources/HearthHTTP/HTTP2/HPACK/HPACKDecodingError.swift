/// A request header block that is not valid HPACK (RFC 7541), or too large: the connection
/// ends with COMPRESSION_ERROR, since the client's dynamic table and this server's may no
/// longer agree.
struct HPACKDecodingError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
