import CompressNIO
import NIOCore
import Testing

@testable import HearthGRPC

/// `grpc-encoding: gzip` on requests, bounded once inflated.
struct GRPCCompressionTests {
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        var buffer = ByteBuffer(bytes: bytes)
        return Array(try buffer.compress(with: .gzip()).readableBytesView)
    }

    @Test func aGzipMessageIsInflated() throws {
        let payload = Array(repeating: UInt8(ascii: "a"), count: 1000)
        let frame = GRPCMessageDeframer.Frame(compressed: true, payload: try Self.gzip(payload))
        #expect(try GRPCCompression.gzip.message(of: frame, limit: 1000) == payload)
    }

    /// A small message that inflates past the limit stops there (a zip bomb).
    @Test func inflatingPastTheLimitIsResourceExhausted() throws {
        let frame = GRPCMessageDeframer.Frame(compressed: true, payload: try Self.gzip(Array(repeating: 0, count: 1_000_000)))
        #expect(frame.payload.count < 10_000)
        do {
            _ = try GRPCCompression.gzip.message(of: frame, limit: 4096)
            Issue.record("inflated past the limit")
        } catch {
            #expect(error.code == .resourceExhausted)
        }
    }

    @Test func aCompressedFlagWithoutAnEncodingIsAnError() {
        do {
            _ = try GRPCCompression.identity.message(of: .init(compressed: true, payload: [1]), limit: 10)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .internal)
        }
    }

    @Test func unknownEncodingsAreUnimplemented() throws {
        #expect(throws: GRPCStatus.self) { try GRPCCompression(header: "snappy") }
        #expect(try GRPCCompression(header: nil) == .identity)
        #expect(try GRPCCompression(header: "GZIP") == .gzip)
    }
}
