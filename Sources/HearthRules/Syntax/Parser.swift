/// Recursive-descent parser for Firestore rules. Collects *all* syntax errors: a failing
/// statement is reported and the parser skips to the next `;`, `}` or statement keyword.
public struct Parser {
    var lexer: Lexer
    var token: Token
    var file = RulesFile()
    var diagnostics: [Diagnostic] = []
    let fileName: String
    /// How deeply the parse recursion is nested now: match blocks, parentheses, calls, unary
    /// and conditional operators, and chained binary operators (which build left-deep trees).
    var depth = 0
    /// The deepest nesting accepted. Every later pass (checker, compiler, evaluator, even
    /// releasing the tree) recurses over the tree, so an unbounded one (`((((…` or
    /// `a && a && …` thousands of times, found by fuzzing) overflowed the stack and killed the
    /// server; real rules nest a few levels.
    static let maxDepth = 128

    /// Parses a whole rules file. Returns the AST (possibly partial) and every diagnostic.
    public static func parse(source: String, fileName: String = "firestore.rules") -> (RulesFile, [Diagnostic]) {
        var parser = Parser(source: source, fileName: fileName)
        parser.parseFile()
        parser.flushLexerProblems()
        parser.diagnostics.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return (parser.file, parser.diagnostics)
    }

    /// Parses a single expression (used by the conformance suite and `CompiledExpression`).
    public static func parseExpression(source: String, fileName: String = "<expr>") -> (Expr?, RulesFile, [Diagnostic])
    {
        var parser = Parser(source: source, fileName: fileName)
        var result: Expr?
        do throws(ParseError) {
            result = try parser.parseExpr()
            if case .endOfFile = parser.token.kind {} else {
                throw ParseError(message: "unexpected \(parser.token.display) after expression", location: parser.token.location)
            }
        } catch {
            parser.report(error.message, at: error.location)
        }
        parser.flushLexerProblems()
        return (result, parser.file, parser.diagnostics)
    }

    init(source: String, fileName: String) {
        self.lexer = Lexer(source: source)
        self.fileName = fileName
        self.token = Token(kind: .endOfFile, location: .unknown)
        self.advance()
    }

    // MARK: Token helpers

    mutating func advance() {
        self.token = self.lexer.next()
        while case .invalid(let message) = self.token.kind {
            self.report(message, at: self.token.location)
            self.token = self.lexer.next()
        }
    }

    mutating func report(_ message: String, at location: SourceLocation, severity: Diagnostic.Severity = .error) {
        self.diagnostics.append(Diagnostic(severity: severity, message: message, fileName: self.fileName, location: location))
    }

    mutating func flushLexerProblems() {
        for (message, location) in self.lexer.problems { self.report(message, at: location) }
        self.lexer.problems.removeAll()
    }

    mutating func expectPunct(_ p: String, _ context: String) throws(ParseError) {
        guard self.token.isPunct(p) else {
            throw ParseError(message: "expected '\(p)' \(context), found \(self.token.display)", location: self.token.location)
        }
        self.advance()
    }

    mutating func expectIdentifier(_ context: String) throws(ParseError) -> String {
        guard let name = self.token.identifier else {
            throw ParseError(message: "expected identifier \(context), found \(self.token.display)", location: self.token.location)
        }
        self.advance()
        return name
    }

    mutating func node(_ kind: Expr.Kind, at location: SourceLocation) -> Expr {
        Expr(id: self.file.sourceMap.add(location), kind: kind)
    }

    /// Error recovery: skip to just after the next `;`, or to the next `}` / statement keyword.
    mutating func synchronize() {
        while true {
            switch self.token.kind {
            case .endOfFile: return
            case .punct(";"):
                self.advance()
                return
            case .punct("}"), .punct("{"): return
            case .identifier(let k) where ["allow", "match", "function", "service", "let", "return"].contains(k): return
            default: self.advance()
            }
        }
    }

    // MARK: File structure

    mutating func parseFile() {
        if self.token.isIdentifier("rules_version") {
            do throws(ParseError) {
                self.advance()
                try self.expectPunct("=", "after 'rules_version'")
                guard case .string(let v) = self.token.kind, v == "1" || v == "2" else {
                    throw ParseError(message: "rules_version must be '1' or '2'", location: self.token.location)
                }
                self.file.version = Int(v)!
                self.advance()
                try self.expectPunct(";", "after rules_version")
            } catch {
                self.report(error.message, at: error.location)
                self.synchronize()
            }
        }
        while true {
            switch self.token.kind {
            case .endOfFile: return
            case .identifier("service"): self.parseService()
            case .identifier("function"):
                if let f = self.parseFunction() { self.file.functions.append(f) }
            default:
                self.report("expected 'service' or 'function' at top level, found \(self.token.display)", at: self.token.location)
                self.advance()
                self.synchronize()
                if self.token.isPunct("}") || self.token.isPunct("{") { self.advance() }
            }
        }
    }

    mutating func parseService() {
        let location = self.token.location
        self.advance()
        var name = ""
        do throws(ParseError) {
            name = try self.expectIdentifier("after 'service'")
            while self.token.isPunct(".") {
                self.advance()
                name += "." + (try self.expectIdentifier("in service name"))
            }
            if name != "cloud.firestore" {
                self.report("unsupported service '\(name)'; expected 'cloud.firestore'", at: location)
            }
            try self.expectPunct("{", "to open service body")
        } catch {
            self.report(error.message, at: error.location)
            self.synchronize()
            if self.token.isPunct("{") { self.advance() } else { return }
        }
        var service = ServiceDecl(name: name, location: location)
        let body = self.parseBody(allowsPermitted: false, context: "service")
        service.functions = body.functions
        service.matches = body.matches
        self.file.services.append(service)
    }

    /// The statements of a service or match body.
    struct Body {
        var functions: [FunctionDecl] = []
        var matches: [MatchDecl] = []
        var allows: [AllowDecl] = []
    }

    /// Parses statements until the closing `}` (consumed). `allowsPermitted == false` at service scope.
    mutating func parseBody(allowsPermitted: Bool, context: String) -> Body {
        var body = Body()
        while true {
            switch self.token.kind {
            case .endOfFile:
                self.report("expected '}' to close \(context) body, found end of file", at: self.token.location)
                return body
            case .punct("}"):
                self.advance()
                return body
            case .identifier("function"):
                if let f = self.parseFunction() { body.functions.append(f) }
            case .identifier("match"):
                self.depth += 1
                defer { self.depth -= 1 }
                guard self.depth <= Self.maxDepth else {
                    self.report("match blocks nested more than \(Self.maxDepth) levels deep", at: self.token.location)
                    while self.token.kind != .endOfFile { self.advance() }
                    return body
                }
                if let m = self.parseMatch() { body.matches.append(m) }
            case .identifier("allow"):
                let loc = self.token.location
                if let a = self.parseAllow() {
                    if allowsPermitted { body.allows.append(a) } else {
                        self.report("'allow' is only permitted inside a match block", at: loc)
                    }
                }
            default:
                self.report("expected 'match', 'allow' or 'function' in \(context) body, found \(self.token.display)", at: self.token.location)
                self.advance()
                self.synchronize()
            }
        }
    }
}
