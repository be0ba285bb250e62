/// The evaluable form shared by rulesets and standalone expressions: the user functions with
/// their resolved lexical function tables, plus the source map for error positions.
struct Program: Sendable {
    struct Function: Sendable {
        var decl: FunctionDecl
        /// Functions visible from inside this function's body (its defining scope).
        var visible: [String: Int]
    }

    var functions: [Function] = []
    var sourceMap = SourceMap()
}
