/// The cursor and container stack behind ``JSONParser``.
///
/// Valid only inside `withUnsafeBufferPointer` of the input; never escapes `JSONParser.parse`.
struct JSONScanner {
    let input: UnsafeBufferPointer<UInt8>
    var position: Int = 0
    /// Reused buffer for strings with escapes (keeps its capacity across strings).
    var scratch: [UInt8] = []

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    /// Which kind of container each open level is, innermost last.
    private enum Open {
        case array
        case object
    }

    mutating func parseDocument(maxDepth: Int) throws(JSONParseError) -> JSONValue {
        if self.input.count >= 3, self.input[0] == 0xEF, self.input[1] == 0xBB, self.input[2] == 0xBF {
            self.position = 3
        }
        self.skipWhitespace()
        if self.position == self.input.count {
            throw self.error("empty input: expected a JSON value")
        }
        let value = try self.parseValue(maxDepth: maxDepth)
        self.skipWhitespace()
        if self.position != self.input.count {
            throw self.error("unexpected \(self.describeCurrent()) after the JSON value")
        }
        return value
    }

    /// Parses one value (and everything nested in it) without recursion.
    private mutating func parseValue(maxDepth: Int) throws(JSONParseError) -> JSONValue {
        // Open containers. Elements and members of all open containers share two flat stacks; a
        // container's slice is copied out, exactly sized, when it closes (one allocation each).
        var open: [Open] = []
        var starts: [Int] = []
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        var keys: [String] = []

        nextValue: while true {
            self.skipWhitespace()
            guard self.position < self.input.count else {
                throw self.error("unexpected end of input: expected a value")
            }
            var value: JSONValue
            switch self.input[self.position] {
            case UInt8(ascii: "{"):
                if open.count >= maxDepth {
                    throw self.error("nesting exceeds the maximum depth of \(maxDepth)")
                }
                self.position += 1
                self.skipWhitespace()
                if self.peek() == UInt8(ascii: "}") {
                    self.position += 1
                    value = .object(JSONObject())
                } else {
                    keys.append(try self.parseMemberKey(afterComma: false))
                    open.append(.object)
                    starts.append(members.count)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                if open.count >= maxDepth {
                    throw self.error("nesting exceeds the maximum depth of \(maxDepth)")
                }
                self.position += 1
                self.skipWhitespace()
                if self.peek() == UInt8(ascii: "]") {
                    self.position += 1
                    value = .array([])
                } else {
                    open.append(.array)
                    starts.append(elements.count)
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                self.position += 1
                value = .string(try self.parseStringBody())
            case UInt8(ascii: "t"):
                try self.expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try self.expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try self.expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try self.parseNumber())
            default:
                throw self.error("unexpected \(self.describeCurrent()): expected a value")
            }

            // Attach the finished value to its container, closing containers as they end.
            while let kind = open.last {
                self.skipWhitespace()
                let next = self.peek()
                switch kind {
                case .array:
                    elements.append(value)
                    if next == UInt8(ascii: ",") {
                        self.position += 1
                        continue nextValue
                    } else if next == UInt8(ascii: "]") {
                        self.position += 1
                        open.removeLast()
                        let start = starts.removeLast()
                        value = .array(Array(elements[start...]))
                        elements.removeSubrange(start...)
                    } else {
                        throw self.error("expected ',' or ']' after an array element")
                    }
                case .object:
                    members.append(JSONObject.Member(key: keys.removeLast(), value: value))
                    if next == UInt8(ascii: ",") {
                        self.position += 1
                        self.skipWhitespace()
                        keys.append(try self.parseMemberKey(afterComma: true))
                        continue nextValue
                    } else if next == UInt8(ascii: "}") {
                        self.position += 1
                        open.removeLast()
                        let start = starts.removeLast()
                        value = .object(JSONObject(Array(members[start...])))
                        members.removeSubrange(start...)
                    } else {
                        throw self.error("expected ',' or '}' after an object member")
                    }
                }
            }
            return value
        }
    }

    /// Parses `"key" :` (whitespace already skipped before the quote).
    private mutating func parseMemberKey(afterComma: Bool) throws(JSONParseError) -> String {
        guard self.peek() == UInt8(ascii: "\"") else {
            if afterComma, self.peek() == UInt8(ascii: "}") {
                throw self.error("trailing comma before '}'")
            }
            throw self.error("expected a string key for an object member, found \(self.describeCurrent())")
        }
        self.position += 1
        let key = try self.parseStringBody()
        self.skipWhitespace()
        guard self.peek() == UInt8(ascii: ":") else {
            throw self.error("expected ':' after an object key")
        }
        self.position += 1
        return key
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        guard self.input.count - self.position >= count else {
            throw self.error("invalid literal: expected '\(literal)'")
        }
        for index in 0..<count where self.input[self.position + index] != start[index] {
            throw self.error("invalid literal: expected '\(literal)'")
        }
        self.position += count
    }

    @inline(__always)
    func peek() -> UInt8? {
        self.position < self.input.count ? self.input[self.position] : nil
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while self.position < self.input.count {
            switch self.input[self.position] {
            case 0x20, 0x0A, 0x0D, 0x09: self.position += 1
            default: return
            }
        }
    }

    /// "end of input", "'x'", or "byte 0xNN" for the byte at the cursor.
    func describeCurrent() -> String {
        guard let byte = self.peek() else { return "end of input" }
        if byte >= 0x21, byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }

    /// An error at `offset` (default: the cursor), with line and column computed on demand.
    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let offset = min(offset ?? self.position, self.input.count)
        var line = 1
        var column = 1
        for index in 0..<offset {
            let byte = self.input[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(line: line, column: column, offset: offset, message: message)
    }
}
