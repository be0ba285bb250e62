/// Why a request's credentials were refused. Each service renders it in its own error format.
public struct IdentityError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The credential is malformed: not `owner` and not a JWT (401).
        case invalidCredential
        /// The credential is well-formed but not accepted here (403).
        case forbidden
    }

    public let kind: Kind
    public let message: String

    public var description: String { self.message }
}
