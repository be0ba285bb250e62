import HearthFuzzing
import HearthTesting

/// Fuzzes gRPC calls to the Firestore port: each input becomes one HTTP/2 connection with
/// prior knowledge carrying one call, served by ``ConnectionHarness`` through the production
/// pipeline (protocol detector, the HTTP/2 frame codec, the gRPC responder: framing, gzip,
/// deadlines, protobuf decoding, the proto ↔ domain conversions, the Firestore service on an
/// in-memory store).
///
/// Input layout (``GRPCFuzzInput``): byte 0 picks the method (of every
/// `google.firestore.v1.Firestore` RPC and one unknown name) and, in its high bits, gzip and
/// a `grpc-timeout`; byte 1 the DATA frame size the body is cut into; the rest is the call's
/// body (length-prefixed messages) — or, with the raw bit, HTTP/2 frames sent as they are after
/// the call's HEADERS, to fuzz the framing around a call too.
///
/// The oracle is the absence of crashes and hangs: bad frames end in a protocol error or a
/// gRPC status.
@main
enum GRPCHarness {
    static func main() {
        FuzzDriver.main(fuzzGRPCTestOneInput)
    }
}

/// libFuzzer's entry point: one call's worth of client bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzGRPCTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = GRPCFuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    BlockingTask.run { await ConnectionHarness.serve(input.connectionBytes, to: .firestore) }
    return 0
}
