/// One conjunction of a list query's filters, as rules see it: the fields every returned
/// document is known to satisfy. An OR query (or `IN`/`array-contains-any`, which are ORs)
/// becomes several `ListConstraints`, and the list is allowed only if every one is.
public struct ListConstraints: Sendable {
    /// Field path segments → what the filters say about that field.
    public private(set) var fields: [[String]: Entry] = [:]
    /// The document id, when the query fixes `__name__` with `==`.
    public var documentID: String?

    public enum Entry: Sendable {
        case equal(RuleValue)
        case constraint(FieldConstraint)
    }

    public init() {}

    /// `field == value`; an equality fixes the field whatever else constrains it.
    public mutating func bind(_ field: [String], equalTo value: RuleValue) {
        self.fields[field] = .equal(value)
    }

    /// Narrows the field's constraint (ignored when an equality already fixes it).
    public mutating func constrain(_ field: [String], _ update: (inout FieldConstraint) -> Void) {
        if case .equal? = self.fields[field] { return }
        var constraint: FieldConstraint
        if case .constraint(let existing)? = self.fields[field] { constraint = existing } else { constraint = FieldConstraint(field: field) }
        update(&constraint)
        self.fields[field] = .constraint(constraint)
    }

    /// `resource.data` for this case: nested maps of the constrained fields.
    var data: RuleValue {
        var root: [String: ConstrainedValue.Node] = [:]
        for (path, entry) in self.fields.sorted(by: { $0.key.count < $1.key.count }) where !path.isEmpty {
            let leaf: ConstrainedValue.Node =
                switch entry {
                case .equal(let v): .value(v)
                case .constraint(let c): .constraint(c)
                }
            Self.insert(leaf, at: path[...], into: &root)
        }
        return .constrained(.map(root, path: []))
    }

    private static func insert(_ leaf: ConstrainedValue.Node, at path: ArraySlice<String>, into map: inout [String: ConstrainedValue.Node]) {
        guard let key = path.first else { return }
        if path.count == 1 {
            map[key] = leaf
            return
        }
        var children: [String: ConstrainedValue.Node] = [:]
        if case .map(let existing)? = map[key] { children = existing }
        // A field fixed as a whole (`a == {...}`) already answers for its sub-fields.
        if case .value? = map[key] { return }
        Self.insert(leaf, at: path.dropFirst(), into: &children)
        map[key] = .map(children)
    }
}
