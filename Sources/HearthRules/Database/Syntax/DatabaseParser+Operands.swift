extension DatabaseParser {
    mutating func parsePrimary() throws(DatabaseExpressionError) -> DatabaseExpression {
        let token = self.current
        let at = token.offset
        switch token.kind {
        case .number(let n):
            self.advance()
            return .number(n, at: at)
        case .string(let s):
            self.advance()
            return .string(s, at: at)
        case .regex(let pattern, let flags):
            self.advance()
            do {
                return .regex(try DatabaseRegex.compile(pattern: pattern, flags: flags), at: at)
            } catch {
                throw DatabaseExpressionError(message: error.message, offset: at + 1 + error.offset)
            }
        case .identifier(let name):
            self.advance()
            switch name {
            case "true": return .bool(true, at: at)
            case "false": return .bool(false, at: at)
            case "null": return .null(at: at)
            default: return .variable(DatabaseVariable(name: name), at: at)
            }
        case .symbol(.leftParen):
            self.advance()
            let inner = try self.parseConditional()
            try self.expect(.rightParen, "to close '('")
            return inner
        case .symbol(.leftBracket):
            self.advance()
            var elements: [DatabaseExpression] = []
            while !self.isSymbol(.rightBracket) {
                elements.append(try self.parseConditional())
                guard self.isSymbol(.comma) else { break }
                self.advance()
            }
            try self.expect(.rightBracket, "to close the array")
            return .array(elements, at: at)
        case .symbol, .end:
            throw DatabaseExpressionError(message: "expected an expression, found \(token.display)", offset: at)
        }
    }

    /// `.name`, `[key]` and `(arguments)` after an operand, left to right.
    mutating func parsePostfix(_ operand: DatabaseExpression) throws(DatabaseExpressionError) -> DatabaseExpression {
        var expression = operand
        while true {
            if self.isSymbol(.dot) {
                self.advance()
                guard case .identifier(let name) = self.current.kind else {
                    throw DatabaseExpressionError(
                        message: "expected a property or method name after '.', found \(self.current.display)",
                        offset: self.current.offset)
                }
                expression = .member(expression, name, at: self.current.offset)
                self.advance()
            } else if self.isSymbol(.leftBracket) {
                let at = self.current.offset
                self.advance()
                let key = try self.parseConditional()
                try self.expect(.rightBracket, "to close '['")
                expression = .index(expression, key, at: at)
            } else if self.isSymbol(.leftParen) {
                let at = self.current.offset
                self.advance()
                var arguments: [DatabaseExpression] = []
                while !self.isSymbol(.rightParen) {
                    arguments.append(try self.parseConditional())
                    guard self.isSymbol(.comma) else { break }
                    self.advance()
                }
                try self.expect(.rightParen, "to close the argument list")
                expression = .call(expression, arguments, at: at)
            } else {
                return expression
            }
        }
    }
}
