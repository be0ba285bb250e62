import HearthFuzzing

/// Fuzzes raw HTTP/1.1 bytes sent to the Auth port: identitytoolkit v1 and v2 (sign-up,
/// sign-in, phone, multi-factor, admin calls with `Bearer owner`), the iOS SDK's v3 paths,
/// securetoken with JSON and form bodies, the emulator's own endpoints and its HTML pages,
/// through the production pipeline as ``ConnectionHarness`` serves it. JSON and form bodies,
/// camelCase conversion, unsigned JWTs, refresh tokens, pending MFA credentials and base64 all
/// parse client input here.
///
/// The oracle is the absence of crashes and hangs.
@main
enum AuthHTTPHarness {
    static func main() {
        FuzzDriver.main(fuzzAuthTestOneInput)
    }
}

/// libFuzzer's entry point: one connection's worth of client bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzAuthTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    BlockingTask.run { await ConnectionHarness.serve(bytes, to: .auth) }
    return 0
}
