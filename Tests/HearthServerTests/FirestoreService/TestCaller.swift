@testable import HearthServer

/// Who a test request comes from, as both drivers need it: a `Caller` for the service, an
/// `Authorization` header for the router. A user is an unsigned ID token (as `hearth token`
/// mints), decoded for the service by the same code the router uses.
enum TestCaller: Sendable {
    case anonymous
    case owner
    case user(String)

    /// The credential sent as `Authorization: Bearer …`; nil for an anonymous caller.
    var token: String? {
        switch self {
        case .anonymous: nil
        case .owner: "owner"
        case .user(let uid):
            Self.base64URL(#"{"alg":"none","typ":"JWT"}"#) + "." + Self.base64URL(#"{"sub":"\#(uid)","user_id":"\#(uid)","iat":0,"exp":4102444800}"#) + "."
        }
    }

    var caller: Caller {
        get throws {
            switch self {
            case .anonymous: .anonymous
            case .owner: .owner
            case .user: Caller(try IdentityResolver.decodeIDToken(self.token!))
            }
        }
    }

    private static func base64URL(_ text: String) -> String {
        Base64.encodeURLSafe(Array(text.utf8))
    }
}
