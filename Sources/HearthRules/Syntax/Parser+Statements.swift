extension Parser {
    /// `match /pattern { … }`
    mutating func parseMatch() -> MatchDecl? {
        let location = self.token.location
        // The current token is `match`; the lexer sits right after it, so scan the pattern raw.
        let (segments, error) = self.lexer.scanMatchPattern()
        if let (message, loc) = error {
            self.report(message, at: loc)
            self.advance()
            self.synchronize()
            if self.token.isPunct("{") {
                self.advance()
                _ = self.parseBody(allowsPermitted: true, context: "match")
            }
            return nil
        }
        self.advance()
        if self.file.version == 1 {
            for (i, s) in segments.enumerated() {
                if case .recursiveWildcard = s, i != segments.count - 1 {
                    self.report("recursive wildcard must be the last path segment in rules_version '1'", at: location)
                }
            }
        } else if segments.filter({ if case .recursiveWildcard = $0 { true } else { false } }).count > 1 {
            self.report("only one recursive wildcard is allowed per match pattern", at: location)
        }
        guard self.token.isPunct("{") else {
            self.report("expected '{' after match pattern, found \(self.token.display)", at: self.token.location)
            self.synchronize()
            return nil
        }
        self.advance()
        let body = self.parseBody(allowsPermitted: true, context: "match")
        return MatchDecl(
            pattern: segments, location: location, functions: body.functions, allows: body.allows, matches: body.matches)
    }

    /// `allow m1, m2: if cond;` or `allow m;`
    mutating func parseAllow() -> AllowDecl? {
        let location = self.token.location
        self.advance()
        do throws(ParseError) {
            var methods: [RuleMethod] = []
            repeat {
                if !methods.isEmpty { self.advance() }
                let loc = self.token.location
                let name = try self.expectIdentifier("(a method: read, write, get, list, create, update, delete) after 'allow'")
                guard let m = RuleMethod(rawValue: name) else {
                    throw ParseError(
                        message: "unknown method '\(name)' in allow statement; expected one of read, write, get, list, create, update, delete",
                        location: loc)
                }
                methods.append(m)
            } while self.token.isPunct(",")
            var condition: Expr?
            if self.token.isPunct(":") {
                self.advance()
                guard self.token.isIdentifier("if") else {
                    throw ParseError(message: "expected 'if' after ':' in allow statement, found \(self.token.display)", location: self.token.location)
                }
                self.advance()
                condition = try self.parseExpr()
            }
            try self.expectPunct(";", "after allow statement")
            return AllowDecl(methods: methods, condition: condition, location: location)
        } catch {
            self.report(error.message, at: error.location)
            self.synchronize()
            return nil
        }
    }

    /// `function name(a, b) { let x = e; return e; }`
    mutating func parseFunction() -> FunctionDecl? {
        let location = self.token.location
        self.advance()
        var decl = FunctionDecl(name: "", parameters: [], lets: [], body: nil, location: location)
        do throws(ParseError) {
            decl.name = try self.expectIdentifier("after 'function'")
            try self.expectPunct("(", "after function name")
            if !self.token.isPunct(")") {
                decl.parameters.append(try self.expectIdentifier("as function parameter"))
                while self.token.isPunct(",") {
                    self.advance()
                    decl.parameters.append(try self.expectIdentifier("as function parameter"))
                }
            }
            try self.expectPunct(")", "after function parameters")
            try self.expectPunct("{", "to open function body")
        } catch {
            self.report(error.message, at: error.location)
            self.synchronize()
            if self.token.isPunct("{") { self.advance() } else { return nil }
        }
        while true {
            switch self.token.kind {
            case .punct("}"):
                self.advance()
                if decl.body == nil { self.report("function '\(decl.name)' has no return statement", at: location) }
                return decl
            case .endOfFile:
                self.report("expected '}' to close function '\(decl.name)', found end of file", at: self.token.location)
                return decl
            case .identifier("let"):
                let loc = self.token.location
                self.advance()
                do throws(ParseError) {
                    let name = try self.expectIdentifier("after 'let'")
                    try self.expectPunct("=", "after let name")
                    let value = try self.parseExpr()
                    try self.expectPunct(";", "after let binding")
                    if decl.body != nil {
                        self.report("'let' binding after 'return' in function '\(decl.name)'", at: loc)
                    }
                    decl.lets.append(LetBinding(name: name, value: value, location: loc))
                } catch {
                    self.report(error.message, at: error.location)
                    self.synchronize()
                }
            case .identifier("return"):
                let loc = self.token.location
                self.advance()
                do throws(ParseError) {
                    let value = try self.parseExpr()
                    try self.expectPunct(";", "after return statement")
                    if decl.body != nil { self.report("duplicate 'return' in function '\(decl.name)'", at: loc) }
                    decl.body = value
                } catch {
                    self.report(error.message, at: error.location)
                    self.synchronize()
                }
            default:
                self.report("expected 'let' or 'return' in function body, found \(self.token.display)", at: self.token.location)
                self.advance()
                self.synchronize()
            }
        }
    }
}
