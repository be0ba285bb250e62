/// The values a route pattern captured from a request path, already percent-decoded.
///
/// Decoding happens after the path was split on `/`, so `%2F` inside a segment yields a `/`
/// inside that one value. Lookups are linear over the captures of one route (a handful).
public struct RouteParameters: Sendable {
    /// One capture: a single segment (`{name}`) or the remaining segments (`{name...}`).
    struct Capture: Sendable {
        var name: String
        var value: Value

        /// A single segment is kept as it is, not as a one-element list: that list was an
        /// allocation per capture per request (GetDocument's route has two).
        enum Value: Sendable {
            case segment(String)
            case rest([String])
        }
    }

    var captures: [Capture]

    /// The custom verb of the matched route (`commit` for `…/documents:commit`), if it has one.
    public var verb: String?

    init(captures: [Capture], verb: String?) {
        self.captures = captures
        self.verb = verb
    }

    /// Creates parameters directly, for testing route handlers without a router.
    ///
    /// - Parameters:
    ///   - values: single-segment captures, by name.
    ///   - rest: multi-segment (`{name...}`) captures, by name.
    ///   - verb: the custom verb, if any.
    public init(_ values: [String: String] = [:], rest: [String: [String]] = [:], verb: String? = nil) {
        self.captures =
            values.map { Capture(name: $0.key, value: .segment($0.value)) }
            + rest.map { Capture(name: $0.key, value: .rest($0.value)) }
        self.verb = verb
    }

    /// The decoded value of the single-segment capture `name`, or `nil` if the route has no
    /// such capture. For a rest capture, its segments joined with `/`.
    public subscript(_ name: String) -> String? {
        switch self.captures.first(where: { $0.name == name })?.value {
        case .segment(let segment): return segment
        case .rest(let segments): return segments.joined(separator: "/")
        case nil: return nil
        }
    }

    /// The decoded segments of the rest capture `name` (one element for a single capture);
    /// empty if the route has no such capture.
    public func segments(_ name: String) -> [String] {
        switch self.captures.first(where: { $0.name == name })?.value {
        case .segment(let segment): return [segment]
        case .rest(let segments): return segments
        case nil: return []
        }
    }
}
