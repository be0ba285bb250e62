/// Handles one matched route: gets the request and its decoded path parameters, returns the
/// response. A thrown error goes to the router's error mapper, which turns it into a response.
public typealias RouteHandler = @Sendable (Request, RouteParameters) async throws -> Response
