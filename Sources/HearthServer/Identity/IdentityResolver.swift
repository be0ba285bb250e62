import HearthDatabase
public import HearthHTTP

/// The HTTP edge of the ``IdentityProvider``: takes the credential out of a request
/// (`Authorization: Bearer`, or the token a service found elsewhere, RTDB's `?auth=`) and the
/// context it needs (is the peer loopback, is the `Origin` trusted), and asks the provider.
///
/// Costs one header lookup for unauthenticated and `owner` requests; ID tokens are decoded the
/// first time they are seen and then served from the provider's cache.
public struct IdentityResolver: Sendable {
    /// Accept `Bearer owner` from non-loopback peers. Off by default: a server bound to a LAN
    /// address must not hand out admin access to anyone who can reach it.
    public var allowsRemoteOwner: Bool {
        get { self.provider.allowsRemoteOwner }
        set { self.provider.allowsRemoteOwner = newValue }
    }
    /// The web pages that may act as `owner`: a request whose `Origin` is not one of them is
    /// refused the admin identity, so a page on another site cannot use the owner token
    /// through the user's browser (RTDB takes it in the URL, `?auth=owner`, which a page can
    /// send without a preflight). Requests without `Origin` (tools, SDKs) are not affected.
    public var trustedOrigins: TrustedOrigins
    /// Who decides; shared by every transport that is handed this resolver.
    private(set) var provider: IdentityProvider

    /// Whether users may still act: the Auth emulator's accounts when it runs.
    var accounts: any AccountLookup {
        get { self.provider.accounts }
        set { self.provider.accounts = newValue }
    }

    public init(allowsRemoteOwner: Bool = false, trustedOrigins: TrustedOrigins = .loopback) {
        self.provider = IdentityProvider(allowsRemoteOwner: allowsRemoteOwner)
        self.trustedOrigins = trustedOrigins
    }

    /// The identity of `request`, from its `Authorization: Bearer` header, or from `token`
    /// when a service takes credentials elsewhere (RTDB's `?auth=`, carried in the URL, or a
    /// WebSocket `auth` message).
    public func identity(of request: Request, token explicitToken: String? = nil) throws(IdentityError) -> Identity {
        try self.caller(of: request, token: explicitToken).identity
    }

    /// The principal of `request`, with both rules languages' `auth` (cached per token).
    /// - Parameter carrier: where `explicitToken` was found (a header or message unless said).
    ///   - now: milliseconds since the epoch, against which an ID token's `exp` is read.
    func caller(
        of request: Request, token explicitToken: String? = nil, in carrier: CredentialCarrier = .header, now: Int64 = WallClock.milliseconds()
    ) throws(IdentityError) -> Caller {
        let credential: String?
        if let explicitToken {
            credential = explicitToken
        } else if let header = request.headers["Authorization"] {
            credential = try Self.bearerToken(header)
        } else {
            credential = nil
        }
        // Only `owner` needs the context; building it costs a header lookup.
        guard credential == "owner" else { return try self.provider.caller(presenting: credential, from: .local, now: now) }
        let origin = request.headers["Origin"]
        let context = CredentialContext(
            peer: request.remoteAddress?.ip,
            peerIsLoopback: request.remoteAddress?.isLoopback ?? true,
            untrustedOrigin: origin.flatMap { self.trustedOrigins.trusts($0) ? nil : $0 },
            pageURLRequest: carrier == .url ? Self.pageRequest(request) : nil
        )
        return try self.provider.caller(presenting: credential, from: context, now: now)
    }

    /// What a browser said of `request` when a page could have sent it without CORS
    /// (``CredentialContext/pageURLRequest``); nil for tools and SDKs (which send none of the
    /// `Sec-Fetch-*`, `Origin` and `Referer` headers), for a URL the user opened themselves
    /// (`Sec-Fetch-Site: none`: typed, or a bookmark) and for CORS requests, whose `Origin` is
    /// checked on its own (an `EventSource` of a page on this machine, say).
    static func pageRequest(_ request: Request) -> String? {
        let site = request.headers["Sec-Fetch-Site"]
        let mode = request.headers["Sec-Fetch-Mode"]
        let origin = request.headers["Origin"]
        let referer = request.headers["Referer"]
        guard site != nil || mode != nil || origin != nil || referer != nil else { return nil }
        if site?.lowercased() == "none" { return nil }
        let isCORS = origin != nil && (mode.map { $0.lowercased() == "cors" } ?? true)
        if isCORS { return nil }
        var said: [String] = []
        if let site { said.append("Sec-Fetch-Site: \(site)") }
        if let mode { said.append("Sec-Fetch-Mode: \(mode)") }
        if said.isEmpty, let referer { said.append("Referer: \(referer)") }
        return said.joined(separator: ", ")
    }

    /// The token of an `Authorization: Bearer <token>` header value.
    ///
    /// Byte-level parsing: this runs on every request, and Character-level splitting of a
    /// 300-byte token is measurably slow.
    static func bearerToken(_ header: String) throws(IdentityError) -> String {
        let bytes = header.utf8
        let space = bytes.firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
        let scheme = Substring(bytes[bytes.startIndex..<space])
        guard scheme.lowercased() == "bearer", space != bytes.endIndex else {
            throw IdentityError(
                kind: .invalidCredential,
                message: "The Authorization header must be 'Bearer <token>' (got scheme '\(scheme)'). Use 'Bearer owner' for admin access or a Firebase ID token."
            )
        }
        // Only the whitespace around the credential is dropped (HTTP's optional whitespace,
        // and the `1*SP` after the scheme): `ow ner` is not `owner`.
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var credential = bytes[bytes.index(after: space)...]
        while let first = credential.first, isSpace(first) { credential = credential.dropFirst() }
        while let last = credential.last, isSpace(last) { credential = credential.dropLast() }
        guard !credential.isEmpty else {
            throw IdentityError(kind: .invalidCredential, message: "The Authorization header names no token after 'Bearer'.")
        }
        guard !credential.contains(where: isSpace) else {
            throw IdentityError(
                kind: .invalidCredential,
                message: "The bearer token contains spaces or tabs; a token is one word, 'owner' or a JWT, sent as 'Authorization: Bearer <token>'."
            )
        }
        return String(decoding: credential, as: UTF8.self)
    }

    /// Decodes a JWT's payload without verifying its signature (see ``IdentityProvider``).
    static func decodeIDToken(_ token: String) throws(IdentityError) -> Identity {
        try IdentityProvider.decodeIDToken(token)
    }
}
