extension RawHTTPConnection {
    /// Reads one HTTP/2 frame; throws if the connection closes first.
    public func readHTTP2Frame() throws -> RawHTTP2Frame {
        let header = try self.read(exactly: 9)
        let length = Int(header[0]) << 16 | Int(header[1]) << 8 | Int(header[2])
        let stream = UInt32(header[5] & 0x7F) << 24 | UInt32(header[6]) << 16 | UInt32(header[7]) << 8 | UInt32(header[8])
        let payload = length > 0 ? try self.read(exactly: length) : []
        return RawHTTP2Frame(type: header[3], flags: header[4], stream: stream, payload: payload)
    }
}
