/// The result of a three-way comparison in Firestore's total order of values.
///
/// A dedicated enum (rather than Foundation's `ComparisonResult`) keeps HearthFirestore's public API
/// free of Foundation and says what `.same` means here: *equivalent* under the order (1 and 1.0 are
/// `.same`), which is weaker than `==`.
public enum FirestoreOrdering: Sendable, Hashable {
    case ascending
    case same
    case descending

    /// Compares two `Comparable` values with `<` and `==`.
    @inline(__always)
    public init<T: Comparable>(comparing lhs: T, _ rhs: T) {
        self = lhs < rhs ? .ascending : (lhs == rhs ? .same : .descending)
    }

    /// The ordering with the operands swapped (for descending sorts).
    public var reversed: FirestoreOrdering {
        switch self {
        case .ascending: .descending
        case .same: .same
        case .descending: .ascending
        }
    }

    /// `self` unless it is `.same`, in which case the tie-breaker is evaluated.
    @inline(__always)
    public func then(_ tieBreaker: @autoclosure () -> FirestoreOrdering) -> FirestoreOrdering {
        self == .same ? tieBreaker() : self
    }
}
