import HearthTesting
import SwiftProtobuf

/// The client bytes of one gRPC call over HTTP/2 with prior knowledge, as the SDKs open a
/// Listen or Write stream: the connection preface, SETTINGS with a stream window of 2^31-1 and
/// a connection WINDOW_UPDATE to match (so the client never has to grant more while it
/// measures), the call's HEADERS on stream 1 and its first request message, stream left open.
enum GRPCCall {
    /// Everything up to and including the first request of `method` (e.g. "Listen").
    static func opening(method: String, project: String, first: some SwiftProtobuf.Message) throws -> [UInt8] {
        let settings: [UInt8] = [0x00, 0x04, 0x7F, 0xFF, 0xFF, 0xFF]
        let increment: UInt32 = 0x7FFF_FFFF - 65_535
        let windowUpdate: [UInt8] = (0..<4).map { UInt8(truncatingIfNeeded: increment >> (24 - 8 * UInt32($0))) }
        let fields = [
            (":method", "POST"), (":scheme", "http"), (":path", "/google.firestore.v1.Firestore/\(method)"),
            (":authority", "127.0.0.1"), ("content-type", "application/grpc"), ("te", "trailers"),
            ("authorization", "Bearer owner"), ("google-cloud-resource-prefix", "projects/\(project)/databases/(default)"),
        ]
        return RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings, payload: settings).bytes
            + RawHTTP2Frame(type: 0x8, payload: windowUpdate).bytes
            + RawHTTP2Frame(type: RawHTTP2Frame.headers, flags: RawHTTP2Frame.endHeaders, stream: 1, payload: RawHTTP2Frame.headersBlock(fields)).bytes
            + (try self.data(first))
    }

    /// One request message as a DATA frame on stream 1.
    static func data(_ message: some SwiftProtobuf.Message) throws -> [UInt8] {
        let body: [UInt8] = try message.serializedBytes()
        let length = UInt32(body.count)
        let prefixed = [0] + (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * UInt32($0))) } + body
        return RawHTTP2Frame(type: RawHTTP2Frame.data, stream: 1, payload: prefixed).bytes
    }
}
