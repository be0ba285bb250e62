import HearthCore

/// A validated location in a Realtime Database tree: a list of keys from the root.
///
/// Parsed once at the edge from the (already percent-decoded) URL path without its `.json`
/// suffix, e.g. `/users/alice`. Empty segments are ignored, as the REST API ignores
/// `/users//alice/` (`rtdb.md` §1.1). Each segment must be a valid key (``DatabaseKey``); a
/// backslash is refused too, because production answers `%5C` with the same error. At most
/// ``maxDepth`` segments. Segments compare by their UTF-8 bytes, not Swift's canonical
/// equivalence, because Firebase treats `é` and `e\u{301}` as different keys.
public struct DatabasePath: Sendable, Hashable, CustomStringConvertible {
    /// The deepest location Firebase allows (the limits page: 32 levels of child nodes).
    public static let maxDepth = 32

    /// The keys from the root; empty for the root.
    public let segments: [String]

    /// The root, `/`.
    public static let root = DatabasePath(unchecked: [])

    /// Trusted initialiser for segments that are already valid keys.
    init(unchecked segments: [String]) {
        self.segments = segments
    }

    /// Parses a URL path such as `/users/alice` (the caller strips `.json` and percent-decodes).
    /// - Throws: `Invalid path: Invalid token in path` for a forbidden character; Hearth's
    ///   texts for a key over 768 bytes or more than 32 levels.
    public init(_ urlPath: String) throws(DatabaseError) {
        try self.init(segments: urlPath.slashSeparated(omittingEmpty: true))
    }

    /// Validates each segment as a key.
    public init(segments: [String]) throws(DatabaseError) {
        for segment in segments {
            switch DatabaseKey.problem(with: segment) {
            case nil:
                if segment.utf8.contains(UInt8(ascii: "\\")) { throw .invalidPathToken }
            case .tooLong:
                throw .pathKeyTooLong
            case .empty, .invalidCharacter:
                throw .invalidPathToken
            }
        }
        if segments.count > Self.maxDepth { throw .pathTooDeep }
        self.segments = segments
    }

    public var isRoot: Bool { self.segments.isEmpty }

    public var count: Int { self.segments.count }

    /// The last key, or nil at the root.
    public var key: String? { self.segments.last }

    /// The enclosing location, or nil at the root.
    public var parent: DatabasePath? {
        self.isRoot ? nil : DatabasePath(unchecked: Array(self.segments.dropLast()))
    }

    /// The location of child `key`. - Throws: as ``init(segments:)`` for an invalid key.
    public func child(_ key: String) throws(DatabaseError) -> DatabasePath {
        try DatabasePath(segments: self.segments + [key])
    }

    /// `self` followed by `other`'s segments (both already valid; the depth is not re-checked).
    public func appending(_ other: DatabasePath) -> DatabasePath {
        DatabasePath(unchecked: self.segments + other.segments)
    }

    /// Whether `self` is `other` or encloses it.
    public func contains(_ other: DatabasePath) -> Bool {
        guard self.segments.count <= other.segments.count else { return false }
        for (index, segment) in self.segments.enumerated() where !Self.same(segment, other.segments[index]) {
            return false
        }
        return true
    }

    /// Whether `self` strictly encloses `other`.
    public func isAncestor(of other: DatabasePath) -> Bool {
        self.segments.count < other.segments.count && self.contains(other)
    }

    /// `self` as seen from `ancestor` (`/a/b/c` relative to `/a` is `/b/c`), or nil when
    /// `ancestor` does not contain `self`.
    public func relative(to ancestor: DatabasePath) -> DatabasePath? {
        guard ancestor.contains(self) else { return nil }
        return DatabasePath(unchecked: Array(self.segments.dropFirst(ancestor.segments.count)))
    }

    /// `/` for the root, otherwise `/a/b`: the form stream events use for `path`.
    public var description: String {
        self.isRoot ? "/" : "/" + self.segments.joined(separator: "/")
    }

    /// The form PATCH bodies and patch events use for keys: `a/b` (empty for the root).
    public var relativeDescription: String {
        self.segments.joined(separator: "/")
    }

    public static func == (lhs: DatabasePath, rhs: DatabasePath) -> Bool {
        lhs.segments.count == rhs.segments.count && zip(lhs.segments, rhs.segments).allSatisfy { Self.same($0, $1) }
    }

    public func hash(into hasher: inout Hasher) {
        for segment in self.segments {
            hasher.combine(segment.utf8.count)
            for byte in segment.utf8 { hasher.combine(byte) }
        }
    }

    @inline(__always)
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
    }
}
