/// A single rules expression compiled once, for the conformance suite, tools and REPL-style
/// use. Identifiers resolve against caller-supplied bindings; global builtins are available;
/// there are no user functions.
public struct CompiledExpression: Sendable {
    public let source: String
    let expr: Expr
    let program: Program

    /// Parses and checks `source` (unknown functions/methods, arity, `is` types).
    public static func compile(_ source: String, fileName: String = "<expr>") -> (CompiledExpression?, [Diagnostic]) {
        let (expr, file, parseDiagnostics) = Parser.parseExpression(source: source, fileName: fileName)
        var checker = Checker(fileName: fileName, sourceMap: file.sourceMap)
        if let expr { checker.check(expr, functions: [:], names: nil) }
        let diagnostics = parseDiagnostics + checker.diagnostics
        guard let expr, !diagnostics.containsErrors else { return (nil, diagnostics) }
        return (CompiledExpression(source: source, expr: expr, program: checker.program), diagnostics)
    }

    /// Evaluates with `bindings` as global variables. Never throws: failures are `.error`.
    public func evaluate(
        bindings: [String: RuleValue] = [:], lookup: any DocumentLookup = EmptyDocumentLookup(),
        limits: EvaluationLimits = .singleDocument, databaseID: String = "(default)", debugSink: DebugSink? = nil
    ) -> RuleValue {
        let state = EvaluationState(lookup: lookup, limits: limits, databaseID: databaseID, debugSink: debugSink, bindings: bindings)
        let interpreter = Interpreter(program: self.program, state: state)
        return interpreter.evaluate(self.expr, Scope(wildcards: []))
    }

    /// The source position of an error's node.
    public func location(of error: RuleError) -> SourceLocation {
        self.program.sourceMap.location(of: error.node)
    }
}
