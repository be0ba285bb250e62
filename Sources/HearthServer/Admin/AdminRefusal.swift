/// Why ``AdminAccess`` turned a request away from an admin endpoint, with a message that says
/// what happened and what to do. Each service renders it in its own error format, in the one
/// place it maps errors (`FirestoreErrorResponse`, `DatabaseErrorResponse`).
public struct AdminRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The client is on another machine and remote admin access is off. HTTP 403.
        case remotePeer
        /// The request came from a web page on another site (`Origin`). HTTP 403.
        case foreignOrigin
        /// A `POST` without a JSON `Content-Type`, which a web page can send without a CORS
        /// preflight. HTTP 415.
        case notJSON
    }

    public let kind: Kind
    public let message: String

    /// 403 for who sent it, 415 for what was sent.
    public var httpStatus: Int {
        switch self.kind {
        case .remotePeer, .foreignOrigin: 403
        case .notJSON: 415
        }
    }

    public var description: String { "\(self.httpStatus): \(self.message)" }
}
