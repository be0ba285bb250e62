/// A value rules can only reason about through a list query's constraints: `resource.data`
/// (and its nested maps) of a list request, or one constrained field of it.
///
/// Why a value kind and not a plain map: `resource.data` on a list stands for EVERY document
/// the query could return, so reading a field the filters do not fix must deny (an error),
/// and operations that would need the whole document (`keys()`, `size()`, `'x' in …`) cannot
/// be answered. Each operation on this kind either decides from the constraints or yields an
/// error; the interpreter routes every operator and method on it here.
public indirect enum ConstrainedValue: Sendable {
    /// A map whose listed keys are constrained; other keys are unknown. `path` is where it
    /// sits under `resource.data`, for explanations.
    case map([String: Node], path: [String])
    /// One field known only by its bounds, exclusions or contained elements.
    case field(FieldConstraint)

    /// What the query says about one key of a constrained map.
    public enum Node: Sendable {
        /// Fixed by `==` (or one `IN` value of this case): every document has exactly this value.
        case value(RuleValue)
        case constraint(FieldConstraint)
        case map([String: Node])

        func ruleValue(at path: [String]) -> RuleValue {
            switch self {
            case .value(let v): return v
            case .constraint(let c): return .constrained(.field(c))
            case .map(let m): return .constrained(.map(m, path: path))
            }
        }
    }

    /// `value.key`: the constrained key, or an error naming the unconstrained field.
    func select(_ key: String, node: Int) -> RuleValue {
        guard case .map(let children, let path) = self else {
            return .error("Property \(key) is undefined on a value the query only bounds.", node: node)
        }
        if let child = children[key] { return child.ruleValue(at: path + [key]) }
        return .error(
            "resource.data.\((path + [key]).joined(separator: ".")) is not fixed by the query's filters, so the rule cannot be proven for every document the query could return (rules are not filters); add a filter on it.",
            node: node)
    }

    func binary(_ op: BinaryOperator, other: RuleValue, constrainedOnLeft: Bool, node: Int) -> RuleValue {
        if case .error = other { return other }
        guard case .field(let constraint) = self else { return Self.undecidable(node) }
        switch op {
        case .in where !constrainedOnLeft: return constraint.contains(other, node: node)
        case .equal, .notEqual: return constraint.compare(op, other, node: node)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return constraint.compare(constrainedOnLeft ? op : op.mirrored, other, node: node)
        default: return Self.undecidable(node)
        }
    }

    func call(_ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        switch self {
        case .field(let constraint): return constraint.call(name, args, node: node)
        case .map(let children, let path):
            // `resource.data.get('k', default)` reads a key like `.k` does.
            if name == "get", args.count == 2, case .string(let key) = args[0], let child = children[key] {
                return child.ruleValue(at: path + [key])
            }
            return Self.undecidable(node)
        }
    }

    static func undecidable(_ node: Int) -> RuleValue {
        .error(
            "This reads resource.data beyond what the query's filters fix, so it cannot be proven for every document the query could return (rules are not filters).",
            node: node)
    }
}
