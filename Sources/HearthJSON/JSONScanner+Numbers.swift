extension JSONScanner {
    /// Scans a number literal per RFC 8259 and keeps its exact text.
    ///
    /// Rejects leading zeros (`01`), a bare `-`, `1.`, `.5` and `1e`; `+1` never reaches here.
    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let input = self.input
        let start = self.position
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        if input[self.position] == UInt8(ascii: "-") {
            self.position += 1
        }
        guard self.position < input.count, isDigit(input[self.position]) else {
            throw self.error("expected a digit in number")
        }
        if input[self.position] == UInt8(ascii: "0") {
            self.position += 1
            if self.position < input.count, isDigit(input[self.position]) {
                throw self.error("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            while self.position < input.count, isDigit(input[self.position]) { self.position += 1 }
        }
        if self.position < input.count, input[self.position] == UInt8(ascii: ".") {
            self.position += 1
            guard self.position < input.count, isDigit(input[self.position]) else {
                throw self.error("expected a digit after the decimal point")
            }
            while self.position < input.count, isDigit(input[self.position]) { self.position += 1 }
        }
        if self.position < input.count, input[self.position] == UInt8(ascii: "e") || input[self.position] == UInt8(ascii: "E") {
            self.position += 1
            if self.position < input.count, input[self.position] == UInt8(ascii: "+") || input[self.position] == UInt8(ascii: "-") {
                self.position += 1
            }
            guard self.position < input.count, isDigit(input[self.position]) else {
                throw self.error("expected a digit in the exponent")
            }
            while self.position < input.count, isDigit(input[self.position]) { self.position += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<self.position]), as: UTF8.self)
        return JSONNumber(unchecked: text)
    }
}
