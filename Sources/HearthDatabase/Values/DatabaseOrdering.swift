/// The result of a three-way comparison in one of the Realtime Database's orders.
///
/// A dedicated enum (rather than Foundation's `ComparisonResult`) keeps the module free of
/// Foundation. `.same` means *equivalent under the order* (all objects are `.same` in value
/// order), which is weaker than `==`.
public enum DatabaseOrdering: Sendable, Hashable {
    case ascending
    case same
    case descending

    @inline(__always)
    init<T: Comparable>(comparing lhs: T, _ rhs: T) {
        self = lhs < rhs ? .ascending : (lhs == rhs ? .same : .descending)
    }

    /// `self` unless it is `.same`, in which case the tie-breaker is evaluated.
    @inline(__always)
    public func then(_ tieBreaker: @autoclosure () -> DatabaseOrdering) -> DatabaseOrdering {
        self == .same ? tieBreaker() : self
    }

    /// Key order (`rtdb.md` §6, the JS SDK's `nameCompare`): keys that look like 32-bit integers
    /// first, numerically (equal values: the shorter spelling first), then the others by UTF-16
    /// code units. Used for `$key`, for ties, and for the order of members in JSON output.
    public static func compareKeys(_ lhs: String, _ rhs: String) -> DatabaseOrdering {
        ChildKey(lhs).compare(ChildKey(rhs))
    }

    /// UTF-16 code-unit order, as JavaScript's `<` (and so Firebase) compares strings; Swift's
    /// `String <` would treat canonically equivalent strings as equal.
    static func compareStrings(_ lhs: String, _ rhs: String) -> DatabaseOrdering {
        // UTF-8 byte order equals code-point order, which differs from UTF-16 order only between
        // U+E000…U+FFFF and supplementary characters; take the fast path when neither occurs.
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return .same
            case (nil, _): return .ascending
            case (_, nil): return .descending
            case (let a?, let b?) where a != b:
                if a >= 0xEE || b >= 0xEE { return Self.compareUTF16(lhs, rhs) }
                return a < b ? .ascending : .descending
            default: continue
            }
        }
    }

    private static func compareUTF16(_ lhs: String, _ rhs: String) -> DatabaseOrdering {
        if lhs.utf16.lexicographicallyPrecedes(rhs.utf16) { return .ascending }
        return rhs.utf16.lexicographicallyPrecedes(lhs.utf16) ? .descending : .same
    }
}
