/// A pull-based lexer over Unicode scalars. The parser drives it one token at a time because
/// two constructs are context-dependent: path literals (`/users/$(uid)` in expression position)
/// and match patterns (`match /a/{b=**}`), which are scanned raw by `Lexer+Path.swift`.
struct Lexer {
    let scalars: [Unicode.Scalar]
    var offset = 0
    var line = 1
    var column = 1
    /// Lexical problems (unterminated strings, bad escapes); the parser merges them into its list.
    var problems: [(String, SourceLocation)] = []

    init(source: String) {
        self.scalars = Array(source.unicodeScalars)
    }

    var location: SourceLocation { SourceLocation(line: self.line, column: self.column, offset: self.offset) }

    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let i = self.offset + ahead
        return i < self.scalars.count ? self.scalars[i] : nil
    }

    mutating func advance() {
        guard let c = self.peek() else { return }
        self.offset += 1
        if c == "\n" {
            self.line += 1
            self.column = 1
        } else {
            self.column += 1
        }
    }

    /// Skips whitespace and both comment forms.
    mutating func skipTrivia() {
        while let c = self.peek() {
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                self.advance()
            } else if c == "/", self.peek(1) == "/" {
                while let d = self.peek(), d != "\n" { self.advance() }
            } else if c == "/", self.peek(1) == "*" {
                let start = self.location
                self.advance()
                self.advance()
                var closed = false
                while let d = self.peek() {
                    if d == "*", self.peek(1) == "/" {
                        self.advance()
                        self.advance()
                        closed = true
                        break
                    }
                    self.advance()
                }
                if !closed { self.problems.append(("unterminated block comment", start)) }
            } else {
                return
            }
        }
    }

    private static let threeCharPuncts: Set<String> = []
    private static let twoCharPuncts: Set<String> = ["==", "!=", "<=", ">=", "&&", "||", "$("]

    mutating func next() -> Token {
        self.skipTrivia()
        let start = self.location
        guard let c = self.peek() else { return Token(kind: .endOfFile, location: start) }
        if c == "b", let q = self.peek(1), q == "'" || q == "\"" {
            self.advance()
            let bytes = self.scanQuoted(asBytes: true)
            return Token(kind: .bytes(bytes), location: start)
        }
        if Self.isIdentStart(c) {
            var s = ""
            while let d = self.peek(), Self.isIdentPart(d) {
                s.unicodeScalars.append(d)
                self.advance()
            }
            return Token(kind: .identifier(s), location: start)
        }
        if Self.isDigit(c) || (c == "." && self.peek(1).map(Self.isDigit) == true) {
            return self.scanNumber(start: start)
        }
        if c == "'" || c == "\"" {
            let bytes = self.scanQuoted(asBytes: false)
            return Token(kind: .string(String(decoding: bytes, as: UTF8.self)), location: start)
        }
        if let d = self.peek(1) {
            let two = String(c) + String(d)
            if Self.twoCharPuncts.contains(two) {
                self.advance()
                self.advance()
                return Token(kind: .punct(two), location: start)
            }
        }
        self.advance()
        let single: Set<Unicode.Scalar> = [
            "{", "}", "(", ")", "[", "]", ";", ",", ".", ":", "?", "=", "<", ">", "+", "-", "*", "/", "%", "!",
        ]
        if single.contains(c) { return Token(kind: .punct(String(c)), location: start) }
        return Token(kind: .invalid("unexpected character '\(c)'"), location: start)
    }

    static func isIdentStart(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_"
    }

    static func isIdentPart(_ c: Unicode.Scalar) -> Bool { isIdentStart(c) || isDigit(c) }

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private mutating func scanNumber(start: SourceLocation) -> Token {
        var text = ""
        var isFloat = false
        if self.peek() == "0", let x = self.peek(1), x == "x" || x == "X" {
            self.advance()
            self.advance()
            while let d = self.peek(), d.properties.isASCIIHexDigit {
                text.unicodeScalars.append(d)
                self.advance()
            }
            if let v = Int64(text, radix: 16) { return Token(kind: .int(v), location: start) }
            return Token(kind: .invalid("invalid hex literal"), location: start)
        }
        while let d = self.peek(), Self.isDigit(d) {
            text.unicodeScalars.append(d)
            self.advance()
        }
        if self.peek() == ".", let d = self.peek(1), Self.isDigit(d) {
            isFloat = true
            text += "."
            self.advance()
            while let d = self.peek(), Self.isDigit(d) {
                text.unicodeScalars.append(d)
                self.advance()
            }
        }
        if let e = self.peek(), e == "e" || e == "E" {
            var ahead = 1
            if let s = self.peek(1), s == "+" || s == "-" { ahead = 2 }
            if let d = self.peek(ahead), Self.isDigit(d) {
                isFloat = true
                for _ in 0..<ahead {
                    text.unicodeScalars.append(self.peek()!)
                    self.advance()
                }
                while let d = self.peek(), Self.isDigit(d) {
                    text.unicodeScalars.append(d)
                    self.advance()
                }
            }
        }
        if isFloat {
            return Token(kind: .float(Double(text) ?? .nan), location: start)
        }
        if let v = Int64(text) { return Token(kind: .int(v), location: start) }
        // 2^63 only exists negated (`-9223372036854775808`); the parser folds or rejects it.
        if text == "9223372036854775808" { return Token(kind: .int(.min), location: start) }
        return Token(kind: .invalid("integer literal \(text) overflows 64 bits"), location: start)
    }
}
