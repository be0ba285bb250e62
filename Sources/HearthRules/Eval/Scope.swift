/// Name resolution during evaluation, innermost first: `locals` (function parameters and
/// `let`s), then the match's `wildcards`, then the request-level variables (`request`,
/// `resource`, or a standalone expression's bindings), which `EvaluationState.global` serves.
/// (Which user function a call names is static, resolved by the checker: see `Program`.)
///
/// Locals and wildcards are short arrays scanned linearly: a scope holds a handful of names,
/// and comparing short strings is cheaper than hashing them, and building a scope then
/// allocates nothing for a function without parameters or `let`s.
struct Scope {
    /// A name bound to a value.
    typealias Binding = (name: String, value: RuleValue)

    var wildcards: [Binding]
    /// In binding order; a later binding of the same name shadows an earlier one.
    var locals: [Binding] = []
    var depth = 0

    /// The local or wildcard named `name`; nil when it is neither (it may still be a global).
    func resolve(_ name: String) -> RuleValue? {
        for binding in self.locals.reversed() where binding.name == name { return binding.value }
        for binding in self.wildcards where binding.name == name { return binding.value }
        return nil
    }
}
