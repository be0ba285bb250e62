public import HearthHTTP
import HearthJSON

/// Reads the caller's identity from a request's credentials.
///
/// Costs one header lookup for unauthenticated and `owner` requests, and one base64 decode and
/// JSON parse of the token payload for ID tokens.
public struct IdentityResolver: Sendable {
    /// Accept `Bearer owner` from non-loopback peers. Off by default: a server bound to a LAN
    /// address must not hand out admin access to anyone who can reach it.
    public var allowsRemoteOwner: Bool

    public init(allowsRemoteOwner: Bool = false) {
        self.allowsRemoteOwner = allowsRemoteOwner
    }

    /// The identity of `request`, from its `Authorization: Bearer` header, or from `token`
    /// when a service takes credentials elsewhere (RTDB's `?auth=`).
    public func identity(of request: Request, token explicitToken: String? = nil) throws(IdentityError) -> Identity {
        let token: String
        if let explicitToken {
            token = explicitToken
        } else if let header = request.headers["Authorization"] {
            let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else {
                throw IdentityError(
                    kind: .invalidCredential,
                    message: "The Authorization header must be 'Bearer <token>' (got scheme '\(parts.first ?? "")'). Use 'Bearer owner' for admin access or a Firebase ID token."
                )
            }
            token = String(parts[1].filter { $0 != " " && $0 != "\t" })
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
            return .owner
        }
        return try Self.decodeIDToken(token)
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
