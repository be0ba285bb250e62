import HearthJSON

/// Turns a credential into the principal it names, for every product and transport: the one
/// place Hearth decides who a caller is.
///
/// Accepts what the emulator suite accepts (`auth.md` "Incoming ID tokens", `rtdb.md` §1.9):
/// `owner` is the admin (from this machine, and not from a web page on another site); any
/// other credential is a Firebase ID token whose claims are read without checking the
/// signature; no credential is an unauthenticated caller. Each transport extracts the
/// credential and its ``CredentialContext`` (HTTP: `IdentityResolver`), each product reads
/// what it needs from the ``Caller`` (Firestore `request.auth`, the Realtime Database's `auth`
/// and expiry). The account store (``AccountLookup``) has the last word on user tokens.
///
/// Cost: nothing for anonymous and `owner` callers; an ID token is decoded (base64, JSON,
/// both rules' `auth`) the first time it is seen and then served from a bounded cache, plus
/// one account lookup per request.
struct IdentityProvider: Sendable {
    /// Accept `owner` from non-loopback peers (`--allow-remote-owner`). Off by default: a server
    /// bound to a LAN address must not hand out admin access to anyone who can reach it.
    var allowsRemoteOwner: Bool
    /// Whether users may still act (disabled users, revoked tokens): ``NoAccounts`` until an
    /// Auth emulator runs.
    var accounts: any AccountLookup
    private let cache = IdentityCache()

    init(allowsRemoteOwner: Bool = false, accounts: any AccountLookup = NoAccounts()) {
        self.allowsRemoteOwner = allowsRemoteOwner
        self.accounts = accounts
    }

    /// The principal `credential` names.
    /// - Parameters:
    ///   - credential: the token as presented (`owner`, a JWT), already taken out of its
    ///     envelope (`Bearer`, `?auth=`); nil when none was presented.
    ///   - context: where it came from.
    ///   - now: milliseconds since the epoch: an ID token past its `exp` is refused on every
    ///     product alike, as production and the Realtime Database emulator refuse it (the
    ///     emulator suite's mock tokens, issued at the epoch, never expire: see `Caller`).
    /// - Throws: `IdentityError`: `.invalidCredential` for a token that is not `owner` and
    ///   not a JWT naming a user, or whose account is disabled or revoked; `.forbidden` for
    ///   `owner` from a remote peer or an untrusted web page.
    func caller(presenting credential: String?, from context: CredentialContext, now: Int64) throws(IdentityError) -> Caller {
        guard let credential else { return .anonymous }
        if credential == "owner" {
            try self.checkOwner(context)
            return .owner
        }
        let caller = try self.cache.caller(for: credential, decode: Self.decodeIDToken)
        if let expires = caller.expires, expires <= now, case .user(let uid, _) = caller.identity { throw .expired(uid) }
        if let refusal = self.credential(of: caller)?.refusal() { throw refusal }
        return caller
    }

    /// What a connection keeps of `caller` to ask the account store again later (see
    /// ``AccountCredential``); nil for anonymous callers and `owner`.
    func credential(of caller: Caller) -> AccountCredential? {
        AccountCredential(caller, accounts: self.accounts)
    }

    private func checkOwner(_ context: CredentialContext) throws(IdentityError) {
        if !context.peerIsLoopback, !self.allowsRemoteOwner {
            throw IdentityError(
                kind: .forbidden,
                message: "The 'owner' admin token is only accepted from loopback clients (this request came from \(context.peer ?? "another host")). Start hearth with --allow-remote-owner to accept it from other hosts."
            )
        }
        if let page = context.pageURLRequest {
            throw IdentityError(
                kind: .forbidden,
                message: "The 'owner' admin token is not accepted in the URL of a request a web page sent (\(page)): any site can put such a URL in a <script> or <img> tag. Send it as the header 'Authorization: Bearer owner' (fetch from a page on http://localhost), or from a tool."
            )
        }
        if let origin = context.untrustedOrigin {
            throw IdentityError(
                kind: .forbidden,
                message: "The 'owner' admin token is not accepted from web pages on other sites (Origin: \(origin)); only pages on http://localhost, http://127.0.0.1 or http://[::1] may act as owner."
            )
        }
    }

    /// Decodes a JWT's payload without verifying its signature, as the emulator suite does
    /// (its own tokens are unsigned, `alg: none`).
    static func decodeIDToken(_ token: String) throws(IdentityError) -> Identity {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let payloadBytes = Base64.decode(String(parts[1])),
            Base64.decode(String(parts[0])) != nil,
            case .object(let claims)? = try? JSONParser.parse(payloadBytes)
        else {
            throw IdentityError(
                kind: .invalidCredential,
                message: "The bearer token is neither 'owner' nor a JWT (three base64url parts separated by '.', with a JSON object payload). Mint one with `hearth token --uid alice`."
            )
        }
        let uid = claims["sub"]?.stringValue ?? claims["user_id"]?.stringValue
        guard let uid, !uid.isEmpty else {
            throw IdentityError(kind: .invalidCredential, message: "The ID token has no 'sub' or 'user_id' claim, so it names no user.")
        }
        // A Firebase ID token's issuer names its project (`aud`): a token whose two claims
        // disagree was not issued by Firebase Auth (nor by the emulator suite's helpers).
        if let audience = claims["aud"]?.stringValue, let issuer = claims["iss"]?.stringValue,
            issuer != "https://securetoken.google.com/" + audience
        {
            throw IdentityError(
                kind: .invalidCredential,
                message: "The ID token's iss claim '\(issuer)' does not name its aud project '\(audience)': a Firebase ID token says iss 'https://securetoken.google.com/\(audience)'. Mint one with `hearth token --uid alice --project \(audience)`."
            )
        }
        return .user(uid: uid, claims: claims)
    }
}
