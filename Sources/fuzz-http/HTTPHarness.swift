import HearthFuzzing

/// Fuzzes raw HTTP/1.1 bytes sent to the Firestore port: each input is what one client sends
/// on one connection before closing its side — any number of pipelined requests, possibly
/// malformed or truncated — served by ``ConnectionHarness`` through the production pipeline
/// and the real Firestore routes.
///
/// The oracle is the absence of crashes (traps, failed preconditions, sanitizer reports) and
/// hangs (libFuzzer's `-timeout`): every input must end with the connection served and closed.
@main
enum HTTPHarness {
    static func main() {
        FuzzDriver.main(fuzzHTTPTestOneInput)
    }
}

/// libFuzzer's entry point: one connection's worth of client bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHTTPTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    BlockingTask.run { await ConnectionHarness.serve(bytes, to: .firestore) }
    return 0
}
