/// A failed Realtime Database operation: an HTTP-like kind plus Firebase's message text.
///
/// The REST front end answers every failure as `{"error" : "<message>"}` with the status of
/// ``Kind/httpStatus``; the server maps it in exactly one place. Messages are Firebase's exact
/// texts where the reference records them (`rtdb.md` §1.5, §1.7) and say so in
/// `DatabaseError+Messages.swift`; the others follow the same `Invalid data; …` style.
///
/// A failed `if-match` is not an error here: conditional writes return
/// ``DatabaseConditionalResult/preconditionFailed(current:etag:)`` because a 412 carries the
/// current value, not a message.
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of failure, which decides the HTTP status.
    public enum Kind: Sendable, Hashable {
        /// Malformed input: bad path, body, key, query or limit. HTTP 400.
        case badRequest
        /// Rules deny the operation, or the credential is unusable (`Permission denied`,
        /// `Could not parse auth token.`, `Auth token is expired`). HTTP 401, as Firebase answers.
        case unauthorized
        /// No such resource (an unknown `/.settings/…` or `/.inspect/…` file). HTTP 404.
        case notFound
        /// The store cannot make writes durable any more. HTTP 503.
        case unavailable

        /// The status the REST front end answers with.
        public var httpStatus: Int {
            switch self {
            case .badRequest: 400
            case .unauthorized: 401
            case .notFound: 404
            case .unavailable: 503
            }
        }
    }

    public let kind: Kind
    public let message: String
    /// Why, beyond Firebase's terse text: for a rules denial, which rule at which file:line
    /// evaluated to what. Sent in the `X-Hearth-Explanation` header and logged, never in the
    /// body, whose text clients compare.
    public var explanation: String?

    public init(_ kind: Kind, _ message: String, explanation: String? = nil) {
        self.kind = kind
        self.message = message
        self.explanation = explanation
    }

    /// HTTP 400 with `message`.
    public static func badRequest(_ message: String) -> Self { Self(.badRequest, message) }

    /// HTTP 401 with `message`.
    public static func unauthorized(_ message: String) -> Self { Self(.unauthorized, message) }

    /// HTTP 404 with `message`.
    public static func notFound(_ message: String) -> Self { Self(.notFound, message) }

    /// HTTP 503 with `message`.
    public static func unavailable(_ message: String) -> Self { Self(.unavailable, message) }

    public var httpStatus: Int { self.kind.httpStatus }

    /// `400: message`.
    public var description: String { "\(self.httpStatus): \(self.message)" }
}
