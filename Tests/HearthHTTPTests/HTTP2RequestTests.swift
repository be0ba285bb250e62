import Testing

@testable import HearthHTTP

/// Which content types make a stream a gRPC call: gRPC's, with any suffix and in any letter
/// case, and nothing else (a near miss in a non-letter byte included).
@Suite struct HTTP2RequestTests {
    @Test(arguments: [
        ("application/grpc", true), ("application/grpc+proto", true), ("application/grpc+json", true),
        ("Application/GRPC", true), ("APPLICATION/GRPC-WEB", true),
        ("application/json", false), ("application/grp", false), ("", false), ("text/plain", false),
        ("application\u{0F}grpc", false), (" application/grpc", false), ("application/grpć", false),
    ])
    func grpcContentTypes(_ type: String, isGRPC: Bool) {
        #expect(HTTP2Request.isGRPC(contentType: type) == isGRPC)
    }
}
