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
    private let cache = IdentityCache()

    public init(allowsRemoteOwner: Bool = false) {
        self.allowsRemoteOwner = allowsRemoteOwner
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
            let credential = bytes[bytes.index(after: space)...].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            guard !credential.isEmpty else {
                throw IdentityError(kind: .invalidCredential, message: "The Authorization header names no token after 'Bearer'.")
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
