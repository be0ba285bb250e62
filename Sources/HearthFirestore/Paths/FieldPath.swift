/// A path to a field inside a document, such as `address.city` or `` tags.`x&y` ``.
///
/// Used by update masks, read masks, transforms, `orderBy` and filters. Segments are stored
/// unquoted; ``canonicalString`` re-quotes them the way Firestore prints field paths (backticks
/// only where a segment is not a simple identifier). Ordered segment by segment by UTF-8 bytes, a
/// prefix first, as the backend orders field paths.
public struct FieldPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The field names from the top of the document down, unquoted.
    public let segments: [String]

    /// `__name__`: the document-key pseudo-field used in `orderBy` and filters.
    public static let documentID = FieldPath(segments: ["__name__"])

    /// Builds a path from unquoted segments. No validation: callers building paths from user
    /// input should use ``init(parsing:)``.
    public init(segments: [String]) {
        self.segments = segments
    }

    /// A single top-level field.
    public init(_ field: String) {
        self.segments = [field]
    }

    /// `a.b` with backticks where needed (`` a.`b-c` ``, `` `a\`b` ``).
    public var canonicalString: String {
        self.segments.map(Self.quoteIfNeeded).joined(separator: ".")
    }

    public var description: String { self.canonicalString }

    /// Whether `other` equals this path or lies under it (`a` is a prefix of `a` and `a.b`).
    public func isPrefix(of other: FieldPath) -> Bool {
        other.segments.count >= self.segments.count && other.segments.starts(with: self.segments)
    }

    /// Whether any segment matches `__.*__` (reserved: forbidden in masks, transforms and data).
    /// `__name__` counts as reserved too; callers that accept it check for ``documentID`` first.
    public var isReserved: Bool {
        self.segments.contains(where: ResourceID.isReservedPattern)
    }

    /// The path with one more segment.
    public func appending(_ segment: String) -> FieldPath {
        FieldPath(segments: self.segments + [segment])
    }

    /// The path without its last segment, or `nil` for a top-level field.
    public var parent: FieldPath? {
        self.segments.count <= 1 ? nil : FieldPath(segments: Array(self.segments.dropLast()))
    }

    public static func < (lhs: FieldPath, rhs: FieldPath) -> Bool {
        Self.compare(lhs, rhs) == .ascending
    }

    /// Segment-wise UTF-8 order, a proper prefix first.
    public static func compare(_ lhs: FieldPath, _ rhs: FieldPath) -> FirestoreOrdering {
        for (left, right) in zip(lhs.segments, rhs.segments) {
            let order = UTF8Order.compare(left, right)
            if order != .same { return order }
        }
        return FirestoreOrdering(comparing: lhs.segments.count, rhs.segments.count)
    }

    /// Whether `segment` matches `[A-Za-z_][A-Za-z_0-9]*` and so needs no backticks.
    static func isSimple(_ segment: String) -> Bool {
        var first = true
        for byte in segment.utf8 {
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
            let isDigit = byte >= 0x30 && byte <= 0x39
            if !(isLetter || (!first && isDigit)) { return false }
            first = false
        }
        return !first
    }

    static func quoteIfNeeded(_ segment: String) -> String {
        if Self.isSimple(segment) { return segment }
        var quoted = "`"
        for character in segment.unicodeScalars {
            if character == "`" || character == "\\" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(character)
        }
        quoted += "`"
        return quoted
    }
}
