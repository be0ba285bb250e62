/// The evaluable form shared by rulesets and standalone expressions: the user functions, which
/// of them each call expression names (resolved lexically by the checker), and the source map
/// for error positions.
struct Program: Sendable {
    /// A user function. A class so that a call retains one reference instead of copying the
    /// declaration's fields; immutable, hence `Sendable`.
    final class Function: Sendable {
        let decl: FunctionDecl

        init(decl: FunctionDecl) {
            self.decl = decl
        }
    }

    var functions: [Function] = []
    var sourceMap = SourceMap() {
        didSet { self.calls = Array(repeating: -1, count: self.sourceMap.locations.count) }
    }
    /// Indexed by node ID: the user function a call expression names (its index in
    /// `functions`), -1 for every other node. The checker resolves each call against the
    /// lexical function table of the place it is written, exactly as the table would resolve
    /// it at run time, so the evaluator indexes an array instead of hashing the name.
    private var calls: [Int] = []
    /// Whether any expression calls the builtin `debug()`: only then does an evaluation need a
    /// sink for its output (building one per request costs an allocation).
    var callsDebug = false

    /// Records that the call expression `node` names user function `index`.
    mutating func resolve(call node: Int, to index: Int) {
        if node >= 0 && node < self.calls.count { self.calls[node] = index }
    }

    /// The user function the call expression `node` names; nil for a builtin.
    func function(calledAt node: Int) -> Function? {
        guard node >= 0, node < self.calls.count else { return nil }
        let index = self.calls[node]
        return index >= 0 ? self.functions[index] : nil
    }
}
