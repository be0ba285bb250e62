extension Parser {
    /// Namespaces whose members are global builtins (`math.abs(x)`), not method calls.
    static let namespaces: Set<String> = ["math", "timestamp", "duration", "latlng", "hashing"]

    /// expr := or ['?' expr ':' expr]   (loosest; see reference §8.2 for the precedence table)
    mutating func parseExpr() throws(ParseError) -> Expr {
        try self.nest()
        defer { self.depth -= 1 }
        let condition = try self.parseBinary(level: 0)
        guard self.token.isPunct("?") else { return condition }
        let loc = self.token.location
        self.advance()
        let yes = try self.parseExpr()
        try self.expectPunct(":", "in conditional expression")
        let no = try self.parseExpr()
        return self.node(.ternary(condition, yes, no), at: loc)
    }

    private static let levels: [[String]] = [
        ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">=", "in", "is"], ["+", "-"], ["*", "/", "%"],
    ]

    private func operatorAt(level: Int) -> String? {
        let ops = Self.levels[level]
        switch self.token.kind {
        case .punct(let p) where ops.contains(p): return p
        case .identifier(let k) where (k == "in" || k == "is") && ops.contains(k): return k
        default: return nil
        }
    }

    /// One more level of nesting (see `Parser.maxDepth`); the caller undoes it when done.
    /// Throws, leaving the depth as it was, past the limit.
    mutating func nest() throws(ParseError) {
        guard self.depth < Self.maxDepth else {
            throw ParseError(
                message: "expression nested more than \(Self.maxDepth) levels deep (parentheses, calls and chained operators count); split it into functions",
                location: self.token.location)
        }
        self.depth += 1
    }

    mutating func parseBinary(level: Int) throws(ParseError) -> Expr {
        if level == Self.levels.count { return try self.parseUnary() }
        var lhs = try self.parseBinary(level: level + 1)
        // Each operator of a chain puts the tree one level deeper (left-deep).
        var chained = 0
        defer { self.depth -= chained }
        while let op = self.operatorAt(level: level) {
            try self.nest()
            chained += 1
            let loc = self.token.location
            self.advance()
            if op == "is" {
                let typeName = try self.expectIdentifier("(a type name) after 'is'")
                lhs = self.node(.isType(lhs, typeName), at: loc)
                continue
            }
            let rhs = try self.parseBinary(level: level + 1)
            lhs = self.node(.binary(BinaryOperator(rawValue: op)!, lhs, rhs), at: loc)
        }
        return lhs
    }

    mutating func parseUnary() throws(ParseError) -> Expr {
        let loc = self.token.location
        if self.token.isPunct("!") {
            try self.nest()
            defer { self.depth -= 1 }
            self.advance()
            return self.node(.unary(.not, try self.parseUnary()), at: loc)
        }
        if self.token.isPunct("-") {
            self.advance()
            // Fold numeric literals so `-9.5` and `-1` are literals (and Int64.min parses).
            if case .int(let v) = self.token.kind {
                self.advance()
                return try self.parsePostfix(self.node(.literal(.int(v == .min ? .min : -v)), at: loc))
            }
            if case .float(let v) = self.token.kind {
                self.advance()
                return try self.parsePostfix(self.node(.literal(.float(-v)), at: loc))
            }
            try self.nest()
            defer { self.depth -= 1 }
            return self.node(.unary(.negate, try self.parseUnary()), at: loc)
        }
        return try self.parsePostfix(try self.parsePrimary())
    }

    mutating func parsePostfix(_ start: Expr) throws(ParseError) -> Expr {
        var e = start
        while true {
            let loc = self.token.location
            if self.token.isPunct(".") {
                self.advance()
                let name = try self.expectIdentifier("after '.'")
                if self.token.isPunct("(") {
                    let args = try self.parseArguments()
                    if case .identifier(let ns) = e.kind, Self.namespaces.contains(ns) {
                        e = self.node(.call("\(ns).\(name)", args), at: self.file.sourceMap.location(of: e.id))
                    } else {
                        e = self.node(.method(e, name, args), at: loc)
                    }
                } else {
                    e = self.node(.select(e, name), at: loc)
                }
            } else if self.token.isPunct("[") {
                self.advance()
                var lower: Expr?
                if !self.token.isPunct(":") { lower = try self.parseExpr() }
                if self.token.isPunct(":") {
                    self.advance()
                    var upper: Expr?
                    if !self.token.isPunct("]") { upper = try self.parseExpr() }
                    try self.expectPunct("]", "to close slice")
                    e = self.node(.slice(e, lower, upper), at: loc)
                } else {
                    try self.expectPunct("]", "to close index")
                    e = self.node(.index(e, lower!), at: loc)
                }
            } else {
                return e
            }
        }
    }

    mutating func parseArguments() throws(ParseError) -> [Expr] {
        try self.expectPunct("(", "to open argument list")
        var args: [Expr] = []
        if !self.token.isPunct(")") {
            args.append(try self.parseExpr())
            while self.token.isPunct(",") {
                self.advance()
                args.append(try self.parseExpr())
            }
        }
        try self.expectPunct(")", "to close argument list")
        return args
    }

    mutating func parsePrimary() throws(ParseError) -> Expr {
        let loc = self.token.location
        switch self.token.kind {
        case .int(let v):
            if v == .min {
                throw ParseError(message: "integer literal 9223372036854775808 overflows 64 bits", location: loc)
            }
            self.advance()
            return self.node(.literal(.int(v)), at: loc)
        case .float(let v):
            self.advance()
            return self.node(.literal(.float(v)), at: loc)
        case .string(let s):
            self.advance()
            return self.node(.literal(.string(s)), at: loc)
        case .bytes(let b):
            self.advance()
            return self.node(.literal(.bytes(b)), at: loc)
        case .identifier("true"):
            self.advance()
            return self.node(.literal(.bool(true)), at: loc)
        case .identifier("false"):
            self.advance()
            return self.node(.literal(.bool(false)), at: loc)
        case .identifier("null"):
            self.advance()
            return self.node(.literal(.null), at: loc)
        case .identifier(let name):
            self.advance()
            if self.token.isPunct("(") {
                let args = try self.parseArguments()
                return self.node(.call(name, args), at: loc)
            }
            return self.node(.identifier(name), at: loc)
        case .punct("("):
            self.advance()
            let e = try self.parseExpr()
            try self.expectPunct(")", "to close parenthesised expression")
            return e
        case .punct("["):
            self.advance()
            var items: [Expr] = []
            while !self.token.isPunct("]") {
                items.append(try self.parseExpr())
                if self.token.isPunct(",") { self.advance() } else { break }
            }
            try self.expectPunct("]", "to close list literal")
            return self.node(.list(items), at: loc)
        case .punct("{"):
            self.advance()
            var entries: [MapEntry] = []
            while !self.token.isPunct("}") {
                let key = try self.parseExpr()
                try self.expectPunct(":", "after map key")
                let value = try self.parseExpr()
                entries.append(MapEntry(key: key, value: value))
                if self.token.isPunct(",") { self.advance() } else { break }
            }
            try self.expectPunct("}", "to close map literal")
            return self.node(.map(entries), at: loc)
        case .punct("/"):
            return try self.parsePathLiteral(at: loc)
        default:
            throw ParseError(message: "expected expression, found \(self.token.display)", location: loc)
        }
    }

    /// A path literal. The current token is the leading `/`, so the lexer sits just after it and
    /// segments are scanned raw; `$(expr)` switches back to token mode for the expression.
    mutating func parsePathLiteral(at loc: SourceLocation) throws(ParseError) -> Expr {
        var parts: [PathLiteralPart] = []
        while true {
            if self.lexer.nextIsInterpolation() {
                self.lexer.advance()
                self.lexer.advance()
                self.advance()
                let e = try self.parseExpr()
                guard self.token.isPunct(")") else {
                    throw ParseError(message: "expected ')' to close '$(' in path, found \(self.token.display)", location: self.token.location)
                }
                parts.append(.interpolation(e))
            } else if let text = self.lexer.scanRawPathSegment() {
                parts.append(.text(text))
            } else {
                throw ParseError(message: "expected path segment after '/'", location: self.lexer.location)
            }
            if self.lexer.nextIs("/") {
                self.lexer.advance()
                continue
            }
            self.advance()
            return self.node(.path(parts), at: loc)
        }
    }
}
