extension JSONScanner {
    /// Parses a string body; the cursor is just past the opening quote and ends past the closing one.
    ///
    /// Unescaped runs are validated as UTF-8 in place and copied whole: a string without escapes
    /// becomes one `String(decoding:)` of the input slice. Escapes switch to a byte buffer that
    /// receives the runs in bulk.
    mutating func parseStringBody() throws(JSONParseError) -> String {
        let input = self.input
        var runStart = self.position
        var buffer: [UInt8] = []
        var escaped = false
        defer {
            if escaped {
                // Hand the (emptied) buffer back so the next escaped string reuses its capacity.
                buffer.removeAll(keepingCapacity: true)
                self.scratch = buffer
            }
        }
        while true {
            // ASCII fast path.
            while self.position < input.count {
                let byte = input[self.position]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x80 {
                    break
                }
                self.position += 1
            }
            guard self.position < input.count else {
                throw self.error("unterminated string")
            }
            let byte = input[self.position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: input[runStart..<self.position])
                self.position += 1
                if !escaped {
                    return String(decoding: run, as: UTF8.self)
                }
                buffer.append(contentsOf: run)
                return String(decoding: buffer, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    swap(&buffer, &self.scratch)
                    buffer.reserveCapacity(self.position - runStart + 16)
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<self.position]))
                try self.parseEscape(into: &buffer)
                runStart = self.position
            } else if byte < 0x20 {
                throw self.error("unescaped control character in string (must be written as \\u00XX)")
            } else {
                try self.skipMultibyteScalar()
            }
        }
    }

    /// Validates one multi-byte UTF-8 sequence at the cursor (RFC 3629: no overlongs, no surrogates,
    /// nothing above U+10FFFF) and moves past it.
    private mutating func skipMultibyteScalar() throws(JSONParseError) {
        let input = self.input
        let lead = input[self.position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw self.error("invalid UTF-8 byte in string")
        }
        guard self.position + length <= input.count else {
            throw self.error("truncated UTF-8 sequence in string")
        }
        let second = input[self.position + 1]
        guard second >= low, second <= high else {
            throw self.error("invalid UTF-8 sequence in string")
        }
        for index in 2..<max(length, 2) where input[self.position + index] & 0xC0 != 0x80 {
            throw self.error("invalid UTF-8 sequence in string")
        }
        self.position += length
    }

    /// Decodes the escape at the cursor (which is on the backslash) and appends its UTF-8.
    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = self.position
        self.position += 1
        guard let byte = self.peek() else { throw self.error("unterminated string") }
        self.position += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try self.parseHex4())
            if scalar >= 0xD800, scalar <= 0xDBFF {
                guard self.position + 1 < self.input.count, self.input[self.position] == UInt8(ascii: "\\"),
                    self.input[self.position + 1] == UInt8(ascii: "u")
                else {
                    throw self.error("lone high surrogate in \\u escape", at: escapeStart)
                }
                self.position += 2
                let low = UInt32(try self.parseHex4())
                guard low >= 0xDC00, low <= 0xDFFF else {
                    throw self.error("high surrogate not followed by a low surrogate", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00, scalar <= 0xDFFF {
                throw self.error("lone low surrogate in \\u escape", at: escapeStart)
            }
            Self.appendUTF8(scalar, to: &buffer)
        default:
            throw self.error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'", at: escapeStart)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard self.position + 4 <= self.input.count else {
            throw self.error("expected four hex digits after \\u")
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = self.input[self.position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw self.error("expected four hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            self.position += 1
        }
        return value
    }

    static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            buffer.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
