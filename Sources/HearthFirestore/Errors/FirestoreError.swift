/// A failed Firestore operation: a canonical status code plus a human-readable message.
///
/// Mirrors `google.rpc.Status` as the REST front end renders it:
/// `{"error":{"code":<httpStatus>,"message":…,"status":"<code.rawValue>"}}`. The server maps it to
/// HTTP in exactly one place using ``Code/httpStatus``.
public struct FirestoreError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// `INVALID_ARGUMENT: message`.
    public var description: String {
        "\(self.code.rawValue): \(self.message)"
    }

    public static func cancelled(_ message: String) -> Self { Self(.cancelled, message) }
    public static func unknown(_ message: String) -> Self { Self(.unknown, message) }
    public static func invalidArgument(_ message: String) -> Self { Self(.invalidArgument, message) }
    public static func deadlineExceeded(_ message: String) -> Self { Self(.deadlineExceeded, message) }
    public static func notFound(_ message: String) -> Self { Self(.notFound, message) }
    public static func alreadyExists(_ message: String) -> Self { Self(.alreadyExists, message) }
    public static func permissionDenied(_ message: String) -> Self { Self(.permissionDenied, message) }
    public static func resourceExhausted(_ message: String) -> Self { Self(.resourceExhausted, message) }
    public static func failedPrecondition(_ message: String) -> Self { Self(.failedPrecondition, message) }
    public static func aborted(_ message: String) -> Self { Self(.aborted, message) }
    public static func outOfRange(_ message: String) -> Self { Self(.outOfRange, message) }
    public static func unimplemented(_ message: String) -> Self { Self(.unimplemented, message) }
    public static func `internal`(_ message: String) -> Self { Self(.internal, message) }
    public static func unavailable(_ message: String) -> Self { Self(.unavailable, message) }
    public static func dataLoss(_ message: String) -> Self { Self(.dataLoss, message) }
    public static func unauthenticated(_ message: String) -> Self { Self(.unauthenticated, message) }
}
