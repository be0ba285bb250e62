public import HearthHTTP
import HearthJSON

/// Reads the caller's identity from a request's credentials.
///
/// Costs one header lookup for unauthenticated and `owner` requests; ID tokens are decoded
/// (base64 and JSON) the first time they are seen and then served from a small cache.
public struct IdentityResolver: Sendable {
    /// Accept `Bearer owner` from non-loopback peers. Off by default: a server bound to a LAN
    /// address must not hand out admin access to anyone who can reach it.
    public var allowsRemoteOwner: Bool
    /// The web pages that may act as `owner`: a request whose `Origin` is not one of them is
    /// refused the admin identity, so a page on another site cannot use the owner token
    /// through the user's browser (RTDB takes it in the URL, `?auth=owner`, which a page can
    /// send without a preflight). Requests without `Origin` (tools, SDKs) are not affected.
    public var trustedOrigins: TrustedOrigins
    private let cache = IdentityCache()

    public init(allowsRemoteOwner: Bool = false, trustedOrigins: TrustedOrigins = .loopback) {
        self.allowsRemoteOwner = allowsRemoteOwner
        self.trustedOrigins = trustedOrigins
    }

    /// The identity of `request`, from its `Authorization: Bearer` header, or from `token`
    /// when a service takes credentials elsewhere (RTDB's `?auth=`).
    public func identity(of request: Request, token explicitToken: String? = nil) throws(IdentityError) -> Identity {
        try self.caller(of: request, token: explicitToken).identity
    }

    /// The identity of `request` with its `request.auth` for Firestore rules (cached per token).
    func caller(of request: Request, token explicitToken: String? = nil) throws(IdentityError) -> Caller {
        let token: String
        if let explicitToken {
            token = explicitToken
        } else if let header = request.headers["Authorization"] {
            // Byte-level parsing: this runs on every request, and Character-level splitting of a
            // 300-byte token is measurably slow.
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
            token = String(decoding: credential, as: UTF8.self)
        } else {
            return .anonymous
        }
        if token == "owner" {
            if let peer = request.remoteAddress, !peer.isLoopback, !self.allowsRemoteOwner {
                throw IdentityError(
                    kind: .forbidden,
                    message: "The 'owner' admin token is only accepted from loopback clients (this request came from \(peer.ip)). Start hearth with --allow-remote-owner to accept it from other hosts."
                )
            }
            if let origin = request.headers["Origin"], !self.trustedOrigins.trusts(origin) {
                throw IdentityError(
                    kind: .forbidden,
                    message: "The 'owner' admin token is not accepted from web pages on other sites (Origin: \(origin)); only pages on http://localhost, http://127.0.0.1 or http://[::1] may act as owner."
                )
            }
            return .owner
        }
        return try self.cache.caller(for: token, decode: Self.decodeIDToken)
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
        return .user(uid: uid, claims: claims)
    }
}
