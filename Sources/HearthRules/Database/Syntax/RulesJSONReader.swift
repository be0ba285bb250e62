/// Reads `database.rules.json` as Firebase accepts it: JSON plus `//` and `/* */` comments,
/// keeping the line and column of every value (``RulesJSONValue``).
///
/// HearthJSON's parser is strict JSON and keeps no positions, hence this small reader. A syntax
/// error stops the reading (there is no sound way to resynchronise inside JSON); it is reported
/// with its position and what was expected.
struct RulesJSONReader {
    struct Failure: Error {
        var message: String
        var location: SourceLocation
    }

    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1
    var column = 1
    let maxDepth = 100

    init(source: String) {
        self.scalars = Array(source.unicodeScalars)
    }

    /// The whole document: one value, then only whitespace and comments.
    mutating func readDocument() throws(Failure) -> RulesJSONValue {
        try self.skipTrivia()
        let value = try self.readValue(depth: 0)
        try self.skipTrivia()
        if self.index < self.scalars.count {
            throw self.failure("expected end of file after the top-level value, found '\(self.scalars[self.index])'")
        }
        return value
    }

    var location: SourceLocation { SourceLocation(line: self.line, column: self.column, offset: self.index) }

    var current: Unicode.Scalar? { self.index < self.scalars.count ? self.scalars[self.index] : nil }

    func failure(_ message: String, at location: SourceLocation? = nil) -> Failure {
        Failure(message: message, location: location ?? self.location)
    }

    mutating func advance() {
        if self.scalars[self.index] == "\n" {
            self.line += 1
            self.column = 1
        } else {
            self.column += 1
        }
        self.index += 1
    }

    /// Skips whitespace and comments; an unterminated block comment is an error at its start.
    mutating func skipTrivia() throws(Failure) {
        while let c = self.current {
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                self.advance()
            } else if c == "/", self.index + 1 < self.scalars.count, self.scalars[self.index + 1] == "/" {
                while let d = self.current, d != "\n" { self.advance() }
            } else if c == "/", self.index + 1 < self.scalars.count, self.scalars[self.index + 1] == "*" {
                let start = self.location
                self.advance()
                self.advance()
                while true {
                    guard let d = self.current else { throw self.failure("unterminated /* comment", at: start) }
                    if d == "*", self.index + 1 < self.scalars.count, self.scalars[self.index + 1] == "/" {
                        self.advance()
                        self.advance()
                        break
                    }
                    self.advance()
                }
            } else {
                return
            }
        }
    }
}
