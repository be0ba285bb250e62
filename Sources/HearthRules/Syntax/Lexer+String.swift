extension Lexer {
    /// Scans a quoted literal starting at the quote. Returns UTF-8 bytes: string literals decode
    /// them as UTF-8, bytes literals (`b'\x0F'`) keep them. Escapes follow CEL/rules:
    /// `\\ \' \" \n \r \t \b \f \v \a \? \xHH \uHHHH \UHHHHHHHH \ooo`.
    mutating func scanQuoted(asBytes: Bool) -> [UInt8] {
        let start = self.location
        guard let quote = self.peek() else { return [] }
        self.advance()
        var out: [UInt8] = []
        while true {
            guard let c = self.peek(), c != "\n" else {
                self.problems.append(("unterminated string literal", start))
                return out
            }
            self.advance()
            if c == quote { return out }
            if c != "\\" {
                out.append(contentsOf: Array(String(c).utf8))
                continue
            }
            let escLoc = self.location
            guard let e = self.peek() else { continue }
            self.advance()
            switch e {
            case "\\": out.append(0x5C)
            case "'": out.append(0x27)
            case "\"": out.append(0x22)
            case "`": out.append(0x60)
            case "?": out.append(0x3F)
            case "n": out.append(0x0A)
            case "r": out.append(0x0D)
            case "t": out.append(0x09)
            case "b": out.append(0x08)
            case "f": out.append(0x0C)
            case "v": out.append(0x0B)
            case "a": out.append(0x07)
            case "x", "X":
                if let v = self.scanHex(count: 2) {
                    if asBytes {
                        out.append(UInt8(v))
                    } else {
                        out.append(contentsOf: Array(String(Unicode.Scalar(UInt8(v))).utf8))
                    }
                } else {
                    self.problems.append(("invalid \\x escape", escLoc))
                }
            case "u", "U":
                let n = e == "u" ? 4 : 8
                if let v = self.scanHex(count: n), let s = Unicode.Scalar(v) {
                    out.append(contentsOf: Array(String(s).utf8))
                } else {
                    self.problems.append(("invalid \\\(e) escape", escLoc))
                }
            case "0"..."7":
                var v = UInt32(e.value - 48)
                for _ in 0..<2 {
                    guard let d = self.peek(), d >= "0", d <= "7" else { break }
                    v = v * 8 + (d.value - 48)
                    self.advance()
                }
                if asBytes, v < 256 {
                    out.append(UInt8(v))
                } else if let s = Unicode.Scalar(v) {
                    out.append(contentsOf: Array(String(s).utf8))
                }
            default:
                self.problems.append(("invalid escape sequence '\\\(e)'", escLoc))
            }
        }
    }

    private mutating func scanHex(count: Int) -> UInt32? {
        var v: UInt32 = 0
        for _ in 0..<count {
            guard let d = self.peek(), d.properties.isASCIIHexDigit, let h = UInt32(String(d), radix: 16) else {
                return nil
            }
            v = v * 16 + h
            self.advance()
        }
        return v
    }
}
