import HearthCore

/// A Firestore path value: segments without the leading slash.
public struct RulePath: Sendable, Hashable, CustomStringConvertible {
    public var segments: [String]

    public init(_ segments: [String]) { self.segments = segments }

    /// Parses `a/b/c` or `/a/b/c`; empty segments are dropped.
    public init(parsing string: String) {
        self.segments = string.slashSeparated(omittingEmpty: true)
    }

    public var description: String { "/" + self.segments.joined(separator: "/") }
}
