import NIOHPACK
import Testing

@testable import HearthHTTP

/// A header block made ready for HTTP/2: `:status` first, names in lower case, fields HTTP/2
/// forbids (connection-specific ones, RFC 9113 §8.2.2) or that could split a header (CR, LF,
/// NUL) left out.
@Suite struct HTTP2FieldsTests {
    @Test func aHeadStartsWithItsStatusAndKeepsOnlyWhatHTTP2Allows() {
        let headers: HTTPHeaders = [
            "Content-Type": "application/grpc", "Connection": "close", "Transfer-Encoding": "chunked", "Keep-Alive": "5",
            "X-Bad": "a\r\nb", "X-Good": "ok",
        ]
        let head = HTTP2Fields(status: .notFound, headers)
        #expect(head.fields.map { "\($0.name): \($0.value)" } == [":status: 404", "content-type: application/grpc", "x-good: ok"])
    }

    @Test func trailersHaveNoStatus() {
        let trailers = HTTP2Fields(["grpc-status": "0"])
        #expect(trailers.fields.map { "\($0.name): \($0.value)" } == ["grpc-status: 0"])
        #expect(HTTP2Fields(HTTPHeaders()).isEmpty)
    }
}
