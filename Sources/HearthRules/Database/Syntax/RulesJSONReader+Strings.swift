extension RulesJSONReader {
    /// Reads a string at the opening quote; returns its text and the column of each scalar
    /// followed by the column of the closing quote (see ``RulesJSONValue/scalarColumns``).
    mutating func readString() throws(Failure) -> (String, [Int]) {
        let start = self.location
        self.advance()
        var text = String.UnicodeScalarView()
        var columns: [Int] = []
        while true {
            guard let c = self.current, c != "\n" else { throw self.failure("unterminated string", at: start) }
            let column = self.column
            if c == "\"" {
                columns.append(column)
                self.advance()
                return (String(text), columns)
            }
            if c.value < 0x20 { throw self.failure("control character in string; write it as an escape") }
            self.advance()
            guard c == "\\" else {
                text.append(c)
                columns.append(column)
                continue
            }
            guard let e = self.current else { throw self.failure("unterminated string", at: start) }
            self.advance()
            let decoded: Unicode.Scalar
            switch e {
            case "\"", "\\", "/": decoded = e
            case "b": decoded = "\u{08}"
            case "f": decoded = "\u{0C}"
            case "n": decoded = "\n"
            case "r": decoded = "\r"
            case "t": decoded = "\t"
            case "u": decoded = try self.readUnicodeEscape()
            default: throw self.failure("invalid escape '\\\(e)' in string", at: SourceLocation(line: self.line, column: column, offset: 0))
            }
            text.append(decoded)
            columns.append(column)
        }
    }

    /// After `\u`: four hex digits, and a following `\uDC00`-`\uDFFF` when they are a high surrogate.
    mutating func readUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let high = try self.readHex4()
        if (0xD800..<0xDC00).contains(high), self.current == "\\", self.index + 1 < self.scalars.count,
            self.scalars[self.index + 1] == "u"
        {
            self.advance()
            self.advance()
            let low = try self.readHex4()
            if (0xDC00..<0xE000).contains(low), let s = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                return s
            }
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    mutating func readHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = self.current, c.isASCII, let digit = UInt32(String(c), radix: 16) else { throw self.failure("expected four hex digits after \\u") }
            value = value * 16 + digit
            self.advance()
        }
        return value
    }
}
