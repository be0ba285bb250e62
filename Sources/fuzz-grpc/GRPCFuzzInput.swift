import HearthTesting

/// How a fuzz input becomes the bytes of one HTTP/2 connection carrying one gRPC call (see
/// ``GRPCHarness``).
struct GRPCFuzzInput {
    /// Every method of `google.firestore.v1.Firestore`, and one it does not have.
    static let methods = [
        "GetDocument", "ListDocuments", "CreateDocument", "UpdateDocument", "DeleteDocument", "BatchGetDocuments",
        "BeginTransaction", "Commit", "Rollback", "RunQuery", "RunAggregationQuery", "PartitionQuery", "ListCollectionIds",
        "BatchWrite", "Listen", "Write", "ExecutePipeline", "NoSuchMethod",
    ]

    let connectionBytes: [UInt8]

    init(_ input: [UInt8]) {
        let selector = input.first ?? 0
        let method = Self.methods[Int(selector & 0x1F) % Self.methods.count]
        let gzip = selector & 0x20 != 0
        let timeout = selector & 0x40 != 0
        let raw = selector & 0x80 != 0
        let frameSize = max(1, Int(input.count > 1 ? input[1] : 0) * 64)
        let body = Array(input.dropFirst(2))

        var fields = [
            (":method", "POST"), (":scheme", "http"), (":path", "/google.firestore.v1.Firestore/" + method),
            (":authority", "127.0.0.1"), ("content-type", "application/grpc"), ("te", "trailers"),
            ("authorization", "Bearer owner"), ("google-cloud-resource-prefix", "projects/fuzz/databases/(default)"),
        ]
        if gzip { fields.append(("grpc-encoding", "gzip")) }
        if timeout { fields.append(("grpc-timeout", "50m")) }
        var bytes = RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
        bytes += RawHTTP2Frame(
            type: RawHTTP2Frame.headers, flags: RawHTTP2Frame.endHeaders | (body.isEmpty ? RawHTTP2Frame.endStream : 0), stream: 1,
            payload: RawHTTP2Frame.headersBlock(fields)
        ).bytes
        if raw {
            bytes += body
        } else {
            var offset = 0
            while offset < body.count {
                let end = min(body.count, offset + frameSize)
                let last = end == body.count
                bytes += RawHTTP2Frame(
                    type: RawHTTP2Frame.data, flags: last ? RawHTTP2Frame.endStream : 0, stream: 1, payload: Array(body[offset..<end])
                ).bytes
                offset = end
            }
        }
        self.connectionBytes = bytes
    }
}
