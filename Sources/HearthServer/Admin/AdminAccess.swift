public import HearthHTTP

/// Who may call the admin endpoints (Firestore's export, clear and rules upload, the Realtime
/// Database's rules, the Auth admin endpoints to come): the checks that keep them from other
/// machines and from web pages on other sites, ahead of anything the endpoint does.
///
/// The endpoints take no credentials, as in the emulator suite (firebase-tools and
/// `@firebase/rules-unit-testing` send none for rules and clear), so where a request comes
/// from is what guards them:
/// 1. **The peer** must be on this machine (loopback), unless ``allowsRemotePeers``
///    (`--allow-remote-owner`, which also lets other machines use the `owner` token). A
///    request with no known peer (in-process tests) counts as local.
/// 2. **`Origin`**, when present, must be trusted (``TrustedOrigins``: loopback pages, plus
///    any listed). Browsers put it on every cross-origin request and on every `POST`, `PUT`,
///    `PATCH` and `DELETE`; local tools send none.
/// 3. **A `POST` must say `Content-Type: application/json`** (or another `…/…+json` type).
///    A page can `POST` `text/plain`, a form or no type at all to any site without the
///    browser asking first (no CORS preflight), and some browsers or privacy settings leave
///    `Origin` off or send `null`; a JSON type forces the preflight, which the transport
///    refuses for other sites (``CrossOriginAccess/trustedOrigins``). `PUT` and `DELETE`
///    are never sent without a preflight, so their bodies may have any type (rules-unit-testing
///    `PUT`s its rules as `text/plain`).
///
/// Cost: two header lookups and a few byte comparisons per admin request.
public struct AdminAccess: Sendable {
    /// Serve other machines too (`--allow-remote-owner`).
    public var allowsRemotePeers: Bool
    /// The pages that may call admin endpoints from a browser.
    public var trustedOrigins: TrustedOrigins

    public init(allowsRemotePeers: Bool = false, trustedOrigins: TrustedOrigins = .loopback) {
        self.allowsRemotePeers = allowsRemotePeers
        self.trustedOrigins = trustedOrigins
    }

    /// Lets `request` through to an admin endpoint, or says why not. The content-type check
    /// looks at the request line's method, which is what a browser sends, not at a method
    /// override (the Realtime Database's `x-http-method-override=PUT` on a `POST`).
    /// - Throws: ``AdminRefusal`` naming the endpoint, the peer or page, and what to do.
    public func admit(_ request: Request) throws(AdminRefusal) {
        let endpoint = "\(request.method) \(request.path)"
        if let peer = request.remoteAddress, !peer.isLoopback, !self.allowsRemotePeers {
            throw AdminRefusal(
                kind: .remotePeer,
                message: "\(endpoint) is an admin endpoint and only answers clients on the machine running Hearth "
                    + "(this request came from \(peer.ip)). Start hearth with --allow-remote-owner to open the admin "
                    + "endpoints and the 'owner' token to other machines.")
        }
        if let origin = request.headers["Origin"], !self.trustedOrigins.trusts(origin) {
            throw AdminRefusal(
                kind: .foreignOrigin,
                message: "\(endpoint) is an admin endpoint and refuses requests from web pages on other sites "
                    + "(Origin: \(origin)); only pages on http://localhost, http://127.0.0.1 or http://[::1] may call it. "
                    + "Tools such as curl and firebase-tools send no Origin and are not affected.")
        }
        if request.method == .post, !Self.isJSON(request.headers["Content-Type"]) {
            throw AdminRefusal(
                kind: .notJSON,
                message: "\(endpoint) takes a JSON body: send Content-Type: application/json (got "
                    + "\(request.headers["Content-Type"].map { "'\($0)'" } ?? "no Content-Type")); with curl, add "
                    + "-H 'Content-Type: application/json'. Admin POSTs must be JSON so that no web page can send "
                    + "them without the browser asking this server first.")
        }
    }

    /// `application/json` or `type/subtype+json`, with any parameters (`; charset=utf-8`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let essence = contentType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }.lowercased()
        guard let slash = essence.firstIndex(of: "/"), slash != essence.startIndex else { return false }
        let subtype = essence[essence.index(after: slash)...]
        return essence == "application/json" || (subtype.hasSuffix("+json") && subtype.count > 5)
    }
}
