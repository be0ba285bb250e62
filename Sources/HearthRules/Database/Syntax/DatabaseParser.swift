/// A Pratt parser for RTDB rule expressions: the JavaScript expression subset Firebase accepts
/// (literals, variables, member access and calls, `! -`, arithmetic, comparisons, `&& ||` and
/// `?:`). Statements, assignments, `**`, object literals and functions are syntax errors, as
/// they are when Firebase validates an upload.
struct DatabaseParser {
    let tokens: [DatabaseToken]
    var position = 0
    /// How deeply the parse recursion is nested now: parentheses, calls, unary and conditional
    /// operators, and chained binary operators (which build left-deep trees).
    var depth = 0
    /// The deepest nesting accepted. The checker and the evaluator recurse over the tree, so an
    /// unbounded one (`((((…` thousands of times, found by fuzzing) overflowed the stack and
    /// killed the server; real rules nest a few levels.
    static let maxDepth = 128

    /// Parses the whole text as one expression; the error carries the scalar offset.
    static func parse(_ text: String) throws(DatabaseExpressionError) -> DatabaseExpression {
        var parser = DatabaseParser(tokens: try DatabaseLexer.tokenize(text))
        if case .end = parser.current.kind { throw DatabaseExpressionError(message: "empty rule expression", offset: 0) }
        let expression = try parser.parseConditional()
        guard case .end = parser.current.kind else {
            throw DatabaseExpressionError(
                message: "expected an operator or the end of the expression, found \(parser.current.display)",
                offset: parser.current.offset)
        }
        return expression
    }

    var current: DatabaseToken { self.tokens[self.position] }

    mutating func advance() { if self.position < self.tokens.count - 1 { self.position += 1 } }

    func isSymbol(_ symbol: DatabaseSymbol) -> Bool {
        if case .symbol(let s) = self.current.kind { return s == symbol }
        return false
    }

    mutating func expect(_ symbol: DatabaseSymbol, _ context: String) throws(DatabaseExpressionError) {
        guard self.isSymbol(symbol) else {
            throw DatabaseExpressionError(
                message: "expected '\(symbol.rawValue)' \(context), found \(self.current.display)", offset: self.current.offset)
        }
        self.advance()
    }

    /// One more level of nesting (see `maxDepth`); the caller undoes it when done. Throws,
    /// leaving the depth as it was, past the limit.
    mutating func nest() throws(DatabaseExpressionError) {
        guard self.depth < Self.maxDepth else {
            throw DatabaseExpressionError(
                message: "expression nested more than \(Self.maxDepth) levels deep (parentheses, calls and chained operators count)",
                offset: self.current.offset)
        }
        self.depth += 1
    }

    /// `test ? a : b`, right-associative and lowest, as in JavaScript.
    mutating func parseConditional() throws(DatabaseExpressionError) -> DatabaseExpression {
        try self.nest()
        defer { self.depth -= 1 }
        let test = try self.parseBinary(minimum: 1)
        guard self.isSymbol(.question) else { return test }
        let at = self.current.offset
        self.advance()
        let then = try self.parseConditional()
        try self.expect(.colon, "in conditional expression")
        let otherwise = try self.parseConditional()
        return .conditional(test, then, otherwise, at: at)
    }

    /// Left-associative binary operators at or above `minimum` precedence.
    mutating func parseBinary(minimum: Int) throws(DatabaseExpressionError) -> DatabaseExpression {
        var left = try self.parseUnary()
        // Each operator of a chain puts the tree one level deeper (left-deep).
        var chained = 0
        defer { self.depth -= chained }
        while case .symbol(let symbol) = self.current.kind, let op = DatabaseBinaryOperator(symbol), op.precedence >= minimum {
            try self.nest()
            chained += 1
            let at = self.current.offset
            self.advance()
            let right = try self.parseBinary(minimum: op.precedence + 1)
            left = .binary(op, left, right, at: at)
        }
        return left
    }

    mutating func parseUnary() throws(DatabaseExpressionError) -> DatabaseExpression {
        let at = self.current.offset
        if self.isSymbol(.not) {
            try self.nest()
            defer { self.depth -= 1 }
            self.advance()
            return .not(try self.parseUnary(), at: at)
        }
        if self.isSymbol(.minus) {
            try self.nest()
            defer { self.depth -= 1 }
            self.advance()
            return .negate(try self.parseUnary(), at: at)
        }
        if self.isSymbol(.plus) {
            throw DatabaseExpressionError(message: "unary '+' is not supported in rules", offset: at)
        }
        return try self.parsePostfix(try self.parsePrimary())
    }
}
