import HearthAuth
import HearthHTTP

/// `accounts:signInWithIdp` (iOS `verifyAssertion`): the IdP credential arrives as
/// URL parameters: `requestUri`'s query and fragment, overridden by `postBody`
/// (`id_token=…&providerId=apple.com`), as the emulator's `getNormalizedUri` merges them.
struct SignInWithIdpRequest: Sendable {
    /// The merged parameters (`providerId`, `id_token`, `access_token`…), last one wins.
    var parameters: [String: String]
    var idToken: String?
    var returnIdpCredential: Bool
    var unimplemented: String?

    init(_ fields: RecordFields) throws(AuthError) {
        guard let requestURI = try fields.string("requestUri"), !requestURI.isEmpty else { throw AuthError("MISSING_REQUEST_URI") }
        guard AuthService.isAbsoluteURI(requestURI) else { throw AuthError("INVALID_REQUEST_URI") }
        var parameters: [String: String] = [:]
        var rest = Substring(requestURI)
        var fragment: Substring = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            for item in URLQuery(String(rest[rest.index(after: question)...])).items { parameters[item.name] = item.value }
        }
        if let body = try fields.string("postBody") {
            for item in URLQuery(body).items { parameters[item.name] = item.value }
        }
        for item in URLQuery(String(fragment)).items { parameters[item.name] = item.value }
        self.parameters = parameters
        self.idToken = try fields.string("idToken")
        self.returnIdpCredential = try fields.bool("returnIdpCredential") ?? false
        if try fields.bool("returnRefreshToken") == true { self.unimplemented = "returnRefreshToken" }
        if try fields.string("pendingIdToken") != nil { self.unimplemented = "pendingIdToken" }
    }
}
