import HearthHTTP

/// The legacy identitytoolkit v3 paths the iOS SDK calls
/// (`/www.googleapis.com/identitytoolkit/v3/relyingparty/{name}?key=…`), answered by the v1
/// routes they correspond to, as the emulator suite rewrites them (`server.ts`
/// `registerLegacyRoutes`, `auth.md` §3): the request's path becomes the v1 one, its query,
/// headers and body are kept, and the v1 answer (which carries the v3 `kind`s) goes back
/// unchanged. Names with no v1 twin go through as they are (routes of their own, else 404).
///
/// Costs one prefix check per request, and for a v3 call one dictionary look-up and the
/// rebuilt request's path split.
struct AuthLegacyPaths: HTTPResponder {
    static let prefix = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"

    /// v3 name → v1 path under `/identitytoolkit.googleapis.com/v1/`.
    static let v1Paths: [String: String] = [
        "createAuthUri": "accounts:createAuthUri", "deleteAccount": "accounts:delete",
        "emailLinkSignin": "accounts:signInWithEmailLink", "getAccountInfo": "accounts:lookup",
        "getOobConfirmationCode": "accounts:sendOobCode", "getProjectConfig": "projects",
        "getRecaptchaParam": "recaptchaParams", "resetPassword": "accounts:resetPassword",
        "sendVerificationCode": "accounts:sendVerificationCode", "setAccountInfo": "accounts:update",
        "signupNewUser": "accounts:signUp", "verifyAssertion": "accounts:signInWithIdp",
        "verifyCustomToken": "accounts:signInWithCustomToken", "verifyPassword": "accounts:signInWithPassword",
        "verifyPhoneNumber": "accounts:signInWithPhoneNumber",
    ]

    let inner: RouterResponder

    func respond(to request: Request) async -> Response {
        await self.inner.respond(to: Self.rewritten(request))
    }

    func crossOriginAccess(for request: Request) -> CrossOriginAccess {
        self.inner.crossOriginAccess(for: Self.rewritten(request))
    }

    /// The v1 request a v3 one stands for; any other request unchanged.
    static func rewritten(_ request: Request) -> Request {
        guard request.path.hasPrefix(Self.prefix) else { return request }
        let name = String(request.path.dropFirst(Self.prefix.count))
        guard let v1 = Self.v1Paths[name] else { return request }
        let query = request.uri.firstIndex(of: "?").map { String(request.uri[$0...]) } ?? ""
        return Request(
            method: request.method, uri: "/identitytoolkit.googleapis.com/v1/\(v1)\(query)", headers: request.headers, body: request.body,
            remoteAddress: request.remoteAddress)
    }
}
