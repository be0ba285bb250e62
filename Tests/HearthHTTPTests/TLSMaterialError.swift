/// openssl or curl failed in a TLS test.
struct TLSMaterialError: Error, CustomStringConvertible {
    let description: String
}
