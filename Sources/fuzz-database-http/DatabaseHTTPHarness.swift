import HearthFuzzing

/// Fuzzes raw HTTP/1.1 bytes sent to the Realtime Database port (`/path.json` reads, writes,
/// queries, ETags, server values, `.settings/rules.json`, event streams), through the production
/// pipeline as ``ConnectionHarness`` serves it.
///
/// The oracle is the absence of crashes and hangs.
@main
enum DatabaseHTTPHarness {
    static func main() {
        FuzzDriver.main(fuzzDatabaseHTTPTestOneInput)
    }
}

/// libFuzzer's entry point: one connection's worth of client bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDatabaseHTTPTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    BlockingTask.run { await ConnectionHarness.serve(bytes, to: .database) }
    return 0
}
