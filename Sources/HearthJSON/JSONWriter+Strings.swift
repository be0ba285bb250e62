extension JSONWriter {
    /// Appends `"…"` with the minimal escaping described on ``JSONWriter``.
    ///
    /// Runs of bytes that need no escaping are copied in bulk straight from the string's UTF-8
    /// storage; only `"`, `\` and bytes below 0x20 break a run.
    mutating func appendQuoted(_ string: String) {
        var string = string
        self.appendRaw(UInt8(ascii: "\""))
        string.withUTF8 { utf8 in
            self.appendEscaped(utf8)
        }
        self.appendRaw(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if runStart < index {
                self.appendRaw(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            }
            switch byte {
            case UInt8(ascii: "\""): self.appendRaw(UInt8(ascii: "\\"), UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): self.appendRaw(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
            case 0x0A: self.appendRaw(UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0D: self.appendRaw(UInt8(ascii: "\\"), UInt8(ascii: "r"))
            case 0x09: self.appendRaw(UInt8(ascii: "\\"), UInt8(ascii: "t"))
            case 0x08: self.appendRaw(UInt8(ascii: "\\"), UInt8(ascii: "b"))
            case 0x0C: self.appendRaw(UInt8(ascii: "\\"), UInt8(ascii: "f"))
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                self.appendRaw(UInt8(ascii: "\\"), UInt8(ascii: "u"))
                self.appendRaw(UInt8(ascii: "0"), UInt8(ascii: "0"))
                self.appendRaw(hex[Int(byte >> 4)], hex[Int(byte & 0x0F)])
            }
            index += 1
            runStart = index
        }
        if runStart < count {
            self.appendRaw(UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
    }
}
