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

    /// A caller on this machine with no web origin: what tests and in-process callers are.
    static let local = CredentialContext(peer: nil, peerIsLoopback: true, untrustedOrigin: nil)
}
