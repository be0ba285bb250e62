/// Splits an RTDB rule expression into tokens, all at once.
///
/// A `/` starts a regular-expression literal where an operand is expected (after an operator,
/// `(`, `,`, `?`, `:` or at the start), and is division otherwise: JavaScript's rule, which
/// Firebase's expression language inherits.
struct DatabaseLexer {
    let scalars: [Unicode.Scalar]
    var index = 0
    var tokens: [DatabaseToken] = []

    static func tokenize(_ text: String) throws(DatabaseExpressionError) -> [DatabaseToken] {
        var lexer = DatabaseLexer(scalars: Array(text.unicodeScalars))
        try lexer.run()
        return lexer.tokens
    }

    var current: Unicode.Scalar? { self.index < self.scalars.count ? self.scalars[self.index] : nil }

    /// True when the previous token ends an operand, so a `/` is division.
    var previousEndsOperand: Bool {
        switch self.tokens.last?.kind {
        case .number, .string, .identifier, .regex: return true
        case .symbol(let s): return s == .rightParen || s == .rightBracket
        case .end, nil: return false
        }
    }

    mutating func run() throws(DatabaseExpressionError) {
        while let c = self.current {
            let start = self.index
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                self.index += 1
            } else if c == "\"" || c == "'" {
                self.tokens.append(DatabaseToken(kind: .string(try self.readString(quote: c)), offset: start))
            } else if ("0"..."9").contains(c) || (c == "." && self.peekIsDigit(1)) {
                self.tokens.append(DatabaseToken(kind: .number(try self.readNumber()), offset: start))
            } else if Self.isIdentifierStart(c) {
                while let d = self.current, Self.isIdentifierStart(d) || ("0"..."9").contains(d) { self.index += 1 }
                let name = String(String.UnicodeScalarView(self.scalars[start..<self.index]))
                self.tokens.append(DatabaseToken(kind: .identifier(name), offset: start))
            } else if c == "/", !self.previousEndsOperand {
                let (pattern, flags) = try self.readRegex()
                self.tokens.append(DatabaseToken(kind: .regex(pattern: pattern, flags: flags), offset: start))
            } else if let symbol = self.matchSymbol() {
                self.index += symbol.rawValue.unicodeScalars.count
                self.tokens.append(DatabaseToken(kind: .symbol(symbol), offset: start))
            } else {
                throw DatabaseExpressionError(message: Self.unexpectedMessage(c), offset: start)
            }
        }
        self.tokens.append(DatabaseToken(kind: .end, offset: self.scalars.count))
    }

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }

    static func unexpectedMessage(_ c: Unicode.Scalar) -> String {
        switch c {
        case "=": "assignment ('=') is not allowed in rules; compare with '==' or '==='"
        case ";": "unexpected ';': a rule is a single expression"
        case "&", "|": "unexpected '\(c)': use '&&' or '||'"
        default: "unexpected character '\(c)'"
        }
    }

    func peekIsDigit(_ ahead: Int) -> Bool {
        self.index + ahead < self.scalars.count && ("0"..."9").contains(self.scalars[self.index + ahead])
    }

    func matchSymbol() -> DatabaseSymbol? {
        DatabaseSymbol.longestFirst.first { symbol in
            let text = Array(symbol.rawValue.unicodeScalars)
            return self.index + text.count <= self.scalars.count
                && Array(self.scalars[self.index..<self.index + text.count]) == text
        }
    }
}
