/// One ordering of a listing or query: a field path and a direction.
public struct OrderBy: Sendable, Hashable {
    public enum Direction: String, Sendable, Hashable {
        case ascending = "ASCENDING"
        case descending = "DESCENDING"
    }

    public var field: FieldPath
    public var direction: Direction

    public init(field: FieldPath, direction: Direction = .ascending) {
        self.field = field
        self.direction = direction
    }

    public var isDocumentID: Bool { self.field == .documentID }

    /// Firestore's normalisation: `__name__` is appended when absent, in the direction of the
    /// last explicit ordering (ascending when there is none), so every ordering is total.
    public static func normalized(_ orderBy: [OrderBy]) -> [OrderBy] {
        if let last = orderBy.last, last.isDocumentID { return orderBy }
        return orderBy + [OrderBy(field: .documentID, direction: orderBy.last?.direction ?? .ascending)]
    }
}
