/// Which browser pages may call a route: what the transport's ``CORSPolicy`` answers to the
/// preflight and adds to the response of a request carrying `Origin`.
///
/// Requests without `Origin` (curl, scripts, SDKs outside browsers) are not affected: this only
/// decides what a browser lets a page send and read. A route that must also refuse such
/// requests when they arrive anyway (a browser sends some without asking first: "simple"
/// requests) checks `Origin` itself; the layer above does that, in its own error format.
public enum CrossOriginAccess: Sendable, Equatable {
    /// Any page: preflights are allowed for every origin, and the origin is echoed in
    /// `Access-Control-Allow-Origin`. For data APIs that web apps on any origin call.
    case anyOrigin
    /// Only pages on the policy's ``TrustedOrigins``: a preflight from another origin is
    /// refused (403, no `Access-Control-*` header), and responses to it carry no
    /// `Access-Control-Allow-Origin`, so the browser neither sends the request nor shows the
    /// page the answer. For administrative routes.
    case trustedOrigins
}
