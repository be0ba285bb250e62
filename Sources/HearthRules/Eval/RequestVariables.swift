/// `request` and `resource` of the request a ruleset is judging, for one evaluation.
///
/// Rules mostly read a field of them (`request.auth`, `resource.data`), which is answered from
/// the `AccessRequest` directly; the whole maps are built only if a rule reads a variable
/// whole, and then once. A class, so the evaluator reaches the request through one reference
/// instead of copying the struct (a dozen retains) at every variable it reads.
final class RequestVariables {
    let request: AccessRequest
    private var requestValue: RuleValue?
    private var resourceValue: RuleValue?

    init(_ request: consuming AccessRequest) {
        self.request = request
    }

    /// `request` or `resource` whole; nil for any other name.
    func value(of name: String) -> RuleValue? {
        switch name {
        case "request":
            if let value = self.requestValue { return value }
            let value = self.request.requestValue
            self.requestValue = value
            return value
        case "resource":
            if let value = self.resourceValue { return value }
            let value = self.request.resourceValue
            self.resourceValue = value
            return value
        default:
            return nil
        }
    }

    /// `name.field` exactly as `Interpreter.select` on `value(of: name)` would give it; nil
    /// when `name` is neither variable.
    func select(_ name: String, _ field: String, node: Int) -> RuleValue? {
        switch name {
        case "request":
            if let value = self.requestValue { return Interpreter.select(value, field, node: node) }
            return self.request.requestField(field) ?? .error("Property \(field) is undefined on object.", node: node)
        case "resource":
            if let value = self.resourceValue { return Interpreter.select(value, field, node: node) }
            if self.request.method == .list, self.request.listConstraints != nil {
                return Interpreter.select(self.value(of: name)!, field, node: node)  // the constrained view
            }
            guard self.request.resource != nil else { return .error("Null value error.", node: node) }
            return self.request.resource?.field(field) ?? .error("Property \(field) is undefined on object.", node: node)
        default:
            return nil
        }
    }
}
