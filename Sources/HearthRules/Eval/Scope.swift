/// Name resolution during evaluation: `globals` are the request-level bindings (`request`,
/// `resource`, match wildcards) visible everywhere, `locals` are function parameters and `let`s,
/// and `functions` maps the user functions visible at this point (lexical: inner shadows outer)
/// to their index in the program.
struct Scope {
    var globals: [String: RuleValue]
    var locals: [String: RuleValue] = [:]
    var functions: [String: Int]
    var depth = 0

    func resolve(_ name: String) -> RuleValue? {
        self.locals[name] ?? self.globals[name]
    }
}
