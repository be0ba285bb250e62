/// Why an HTTP/2 request body could not be taken; the transport answers it when the responder
/// lets it through before writing a head.
public struct HTTP2RequestBodyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Whether waiting could help (the server-wide budget is full now) rather than the body
    /// being too large for this server at all.
    public let isRetryable: Bool
    /// What happened and what to do, for the client.
    public let description: String

    static func tooLarge(limit: Int, got: Int) -> HTTP2RequestBodyError {
        HTTP2RequestBodyError(
            isRetryable: false,
            description: "Request body exceeds the \(HTTPConnection.describe(bytes: limit)) limit "
                + "(got more than \(got) bytes); send a smaller body.")
    }

    static func overBudget(_ budget: RequestBodyBudget, bytes: Int) -> HTTP2RequestBodyError {
        guard bytes <= budget.capacity else {
            return HTTP2RequestBodyError(
                isRetryable: false,
                description: "Request body of at least \(bytes) bytes exceeds the \(HTTPConnection.describe(bytes: budget.capacity)) "
                    + "budget for all request bodies held at once; send a smaller body (hearth serve --request-body-budget raises it).")
        }
        return HTTP2RequestBodyError(
            isRetryable: true,
            description: "The server is already receiving \(budget.inUse) bytes of request bodies, and this "
                + "\(bytes)-byte body would exceed its \(HTTPConnection.describe(bytes: budget.capacity)) budget for "
                + "bodies in flight; retry shortly (hearth serve --request-body-budget raises it).")
    }
}
