extension Lexer {
    /// Scans one raw path segment of a path literal (after the `/`), stopping at `/`, `$(`,
    /// whitespace or a delimiter. Returns nil when the segment is empty.
    mutating func scanRawPathSegment() -> String? {
        var s = ""
        while let c = self.peek() {
            // A parenthesised group inside a raw segment, as in `(default)`, is part of it.
            if c == "(" {
                var probe = 1
                while let d = self.peek(probe), d != ")", d != "/", d != "\n", d != " " { probe += 1 }
                if self.peek(probe) == ")" {
                    for _ in 0...probe {
                        s.unicodeScalars.append(self.peek()!)
                        self.advance()
                    }
                    continue
                }
            }
            if c == "/" || c == " " || c == "\t" || c == "\n" || c == "\r" || c == ")" || c == ";" || c == ","
                || c == "]" || c == "[" || c == "}" || c == "{" || c == "(" || c == "=" || c == "!" || c == "&" || c == "|"
                || c == "<" || c == ">" || c == "?" || c == ":" || c == "+" || c == "*" || c == "%"
            {
                break
            }
            if c == "$", self.peek(1) == "(" { break }
            s.unicodeScalars.append(c)
            self.advance()
        }
        return s.isEmpty ? nil : s
    }

    /// True when the next scalar (no trivia skipped) is `c`.
    func nextIs(_ c: Unicode.Scalar) -> Bool { self.peek() == c }

    func nextIsInterpolation() -> Bool { self.peek() == "$" && self.peek(1) == "(" }

    /// Scans a complete match pattern such as `/databases/{database}/documents` or
    /// `/{path=**}/posts/{post}`. Whitespace ends the pattern.
    mutating func scanMatchPattern() -> (segments: [PathPatternSegment], error: (String, SourceLocation)?) {
        self.skipTrivia()
        var segments: [PathPatternSegment] = []
        guard self.peek() == "/" else {
            return ([], ("expected a path pattern starting with '/' after 'match'", self.location))
        }
        while self.peek() == "/" {
            self.advance()
            let segLoc = self.location
            if self.peek() == "{" {
                self.advance()
                var name = ""
                while let c = self.peek(), Lexer.isIdentPart(c) {
                    name.unicodeScalars.append(c)
                    self.advance()
                }
                var recursive = false
                if self.peek() == "=" {
                    self.advance()
                    if self.peek() == "*", self.peek(1) == "*" {
                        self.advance()
                        self.advance()
                        recursive = true
                    } else {
                        return (segments, ("expected '**' after '=' in wildcard", self.location))
                    }
                }
                guard self.peek() == "}", !name.isEmpty else {
                    return (segments, ("expected '}' closing wildcard segment", self.location))
                }
                self.advance()
                segments.append(recursive ? .recursiveWildcard(name) : .wildcard(name))
            } else {
                var s = ""
                while let c = self.peek(), c != "/", c != " ", c != "\t", c != "\n", c != "\r", c != "{" {
                    s.unicodeScalars.append(c)
                    self.advance()
                }
                if s.isEmpty { return (segments, ("empty path segment in match pattern", segLoc)) }
                segments.append(.literal(s))
            }
        }
        return (segments, nil)
    }
}
