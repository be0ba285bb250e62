/// Where a credential came from, as far as deciding what it may do: the admin `owner` token
/// is refused from other machines (unless `--allow-remote-owner`) and from web pages on other
/// sites. Each transport fills it in from its own connection (`IdentityResolver` for HTTP), so
/// the provider never sees a request.
struct CredentialContext: Sendable, Equatable {
    /// The peer's address as the user knows it (`10.1.2.3`), or nil when it is unknown (an
    /// in-process caller such as `hearth rules test`).
    var peer: String?
    /// Whether the peer is this machine. An unknown peer counts as local.
    var peerIsLoopback: Bool
    /// The web page's `Origin` when it is not one of the trusted ones; nil when there is none
    /// (tools, SDKs) or it is trusted.
    var untrustedOrigin: String?
    /// When the credential came in the URL (RTDB's `?auth=`) of a request a browser sent
    /// other than as a CORS request from a trusted page (a `<script src>`, an image, a link
    /// followed): what the browser said of it (`Sec-Fetch-Site: cross-site, Sec-Fetch-Mode:
    /// no-cors`). Any page can make such a request with any URL and no preflight, so `owner`
    /// is refused on it. nil for every other request.
    var pageURLRequest: String? = nil

    /// A caller on this machine with no web origin: what tests and in-process callers are.
    static let local = CredentialContext(peer: nil, peerIsLoopback: true, untrustedOrigin: nil)
}

/// Where a request carried its credential, which decides what a web page could have put there.
enum CredentialCarrier: Sendable {
    /// A header (`Authorization`), or a message on an open WebSocket: a page sets either only
    /// through CORS or a WebSocket upgrade, both of which carry its `Origin`.
    case header
    /// The URL's query (`?auth=`, `?access_token=`): any page can put it in a `<script src>`
    /// or `<img src>`, which the browser sends without `Origin` or preflight.
    case url
}
