/// The values a route pattern captured from a request path, already percent-decoded.
///
/// Decoding happens after the path was split on `/`, so `%2F` inside a segment yields a `/`
/// inside that one value. Lookups are linear over the captures of one route (a handful).
public struct RouteParameters: Sendable {
    /// One capture: a single segment (`{name}`) or the remaining segments (`{name...}`).
    struct Capture: Sendable {
        var name: String
        var segments: [String]
        var isRest: Bool
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
            values.map { Capture(name: $0.key, segments: [$0.value], isRest: false) }
            + rest.map { Capture(name: $0.key, segments: $0.value, isRest: true) }
        self.verb = verb
    }

    /// The decoded value of the single-segment capture `name`, or `nil` if the route has no
    /// such capture. For a rest capture, its segments joined with `/`.
    public subscript(_ name: String) -> String? {
        guard let capture = self.captures.first(where: { $0.name == name }) else { return nil }
        return capture.isRest ? capture.segments.joined(separator: "/") : capture.segments.first
    }

    /// The decoded segments of the rest capture `name` (one element for a single capture);
    /// empty if the route has no such capture.
    public func segments(_ name: String) -> [String] {
        self.captures.first { $0.name == name }?.segments ?? []
    }
}
