import HearthJSON

/// Exact number parsing for `integerValue` and `doubleValue`, as proto3 JSON readers accept them.
extension FirestoreValueCodec {
    /// The int64 denoted by a JSON number literal if it is integral and in range: `12`, `-0`,
    /// `1.0`, `1e2`, `1.5e1`; `nil` for `1.5`, `1e400`, `9223372036854775808`. Exact decimal
    /// arithmetic, never via `Double`.
    static func exactInt64(literal text: String) -> Int64? {
        guard JSONNumber(text: text) != nil else { return nil }
        var bytes = Array(text.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var digits: [UInt8] = []
        var exponent = 0
        var index = bytes.startIndex
        while index < bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            digits.append(bytes[index] - 0x30)
            index += 1
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                digits.append(bytes[index] - 0x30)
                exponent -= 1
                index += 1
            }
        }
        if index < bytes.endIndex {  // 'e' or 'E'
            index += 1
            var exponentSign = 1
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentSign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            var written = 0
            while index < bytes.endIndex {
                written = min(written * 10 + Int(bytes[index] - 0x30), 100_000)  // saturate
                index += 1
            }
            exponent += exponentSign * written
        }
        // Drop leading zeros; a zero mantissa is zero whatever the exponent.
        while let first = digits.first, first == 0 { digits.removeFirst() }
        if digits.isEmpty { return 0 }
        // Fold trailing zeros into the exponent, then require an integer.
        while exponent < 0, digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if exponent < 0 { return nil }
        if digits.count + exponent > 19 { return nil }
        var magnitude: UInt64 = 0
        for digit in digits + [UInt8](repeating: 0, count: exponent) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        if negative {
            if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
            return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// A double from a JSON number or one of the proto3 JSON strings: `"NaN"`, `"Infinity"`,
    /// `"-Infinity"`, or a numeric string (the JS SDK sends `"-0"`). `nil` if malformed or if a
    /// finite literal overflows the double range.
    static func double(from json: JSONValue) -> Double? {
        switch json {
        case .number(let number):
            let value = number.doubleValue
            return value.isFinite ? value : nil
        case .string("NaN"):
            return .nan
        case .string("Infinity"):
            return .infinity
        case .string("-Infinity"):
            return -.infinity
        case .string(let text):
            guard let number = JSONNumber(text: text) else { return nil }
            let value = number.doubleValue
            return value.isFinite ? value : nil
        default:
            return nil
        }
    }
}
