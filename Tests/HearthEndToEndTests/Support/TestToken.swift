import Foundation

/// Unsigned ID tokens shaped like the emulator suite's `createMockUserToken` (`alg: none`,
/// empty signature), which Hearth accepts as Firebase does in the emulator.
enum TestToken {
    /// A token for `uid`; `extraClaims` is inserted verbatim into the payload (e.g. `"exp":1`).
    static func idToken(_ uid: String, extraClaims: String = "") -> String {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let claims = #""sub":"\#(uid)","user_id":"\#(uid)""# + (extraClaims.isEmpty ? "" : "," + extraClaims)
        return part(#"{"alg":"none","typ":"JWT"}"#) + "." + part("{\(claims)}") + "."
    }
}
