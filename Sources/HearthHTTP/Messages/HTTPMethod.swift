/// An HTTP request method, such as `GET` or `POST`.
///
/// A struct rather than an enum so that any token a client sends (`PROPFIND`, `QUERY`, …) can be
/// represented and routed or rejected by the layer above, instead of being lost in the transport.
/// Comparison is exact and case-sensitive, as RFC 9110 §9.1 requires for method names.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token exactly as it appeared on the request line.
    public let rawValue: String

    /// Creates a method from any token; the transport has already rejected tokens that are not
    /// valid HTTP syntax.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { self.rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
}
