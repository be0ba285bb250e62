extension DatabaseLexer {
    /// A `'…'` or `"…"` string with JavaScript escapes.
    mutating func readString(quote: Unicode.Scalar) throws(DatabaseExpressionError) -> String {
        let start = self.index
        self.index += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let c = self.current else { throw DatabaseExpressionError(message: "unterminated string", offset: start) }
            self.index += 1
            if c == quote { return String(text) }
            guard c == "\\" else {
                text.append(c)
                continue
            }
            guard let e = self.current else { throw DatabaseExpressionError(message: "unterminated string", offset: start) }
            self.index += 1
            switch e {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "v": text.append("\u{0B}")
            case "0": text.append("\u{00}")
            case "u":
                let digits = self.scalars[self.index..<min(self.index + 4, self.scalars.count)]
                guard digits.count == 4, let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16) else {
                    throw DatabaseExpressionError(message: "expected four hex digits after \\u", offset: self.index)
                }
                self.index += 4
                text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: text.append(e)
            }
        }
    }

    /// A decimal number: digits, an optional fraction and an optional exponent.
    mutating func readNumber() throws(DatabaseExpressionError) -> Double {
        let start = self.index
        while let c = self.current, ("0"..."9").contains(c) { self.index += 1 }
        if self.current == ".", self.peekIsDigit(1) || self.index == start {
            self.index += 1
            while let c = self.current, ("0"..."9").contains(c) { self.index += 1 }
        }
        if self.current == "e" || self.current == "E" {
            self.index += 1
            if self.current == "+" || self.current == "-" { self.index += 1 }
            while let c = self.current, ("0"..."9").contains(c) { self.index += 1 }
        }
        let text = String(String.UnicodeScalarView(self.scalars[start..<self.index]))
        guard let value = Double(text) else { throw DatabaseExpressionError(message: "invalid number '\(text)'", offset: start) }
        if let c = self.current, Self.isIdentifierStart(c) {
            throw DatabaseExpressionError(message: "unexpected '\(c)' after number", offset: self.index)
        }
        return value
    }

    /// `/pattern/flags`, the pattern read up to the first `/` that is neither escaped nor in a class.
    mutating func readRegex() throws(DatabaseExpressionError) -> (String, String) {
        let start = self.index
        self.index += 1
        var pattern = String.UnicodeScalarView()
        var inClass = false
        while true {
            guard let c = self.current, c != "\n" else {
                throw DatabaseExpressionError(message: "unterminated regular expression", offset: start)
            }
            self.index += 1
            if c == "/" && !inClass { break }
            pattern.append(c)
            if c == "\\", let next = self.current {
                pattern.append(next)
                self.index += 1
            } else if c == "[" {
                inClass = true
            } else if c == "]" {
                inClass = false
            }
        }
        var flags = ""
        while let c = self.current, Self.isIdentifierStart(c) {
            flags.unicodeScalars.append(c)
            self.index += 1
        }
        return (String(pattern), flags)
    }
}
