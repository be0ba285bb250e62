import Foundation

extension DatabaseRuleValue {
    /// JavaScript's `Number.prototype.toString` for the common cases: integers without a
    /// fraction (`1`, not `1.0`), `NaN`, `Infinity`, and exponents written `1e+21`/`1e-7`.
    static func javaScriptString(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if n == n.rounded(), abs(n) < 1e21 { return n == 0 ? "0" : String(format: "%.0f", n) }
        let text = "\(n)"
        guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]) else { return text }
        return "\(text[..<e])e\(exponent < 0 ? "-" : "+")\(abs(exponent))"
    }

    /// The string `+` concatenates (only strings and numbers reach it).
    var concatenationText: String {
        switch self {
        case .string(let s): s
        case .number(let n): Self.javaScriptString(n)
        default: ""
        }
    }

    /// `===`: same type and same value, no coercion; `NaN` equals nothing. Objects compare by
    /// content here (JavaScript compares identity, which rules cannot observe usefully).
    func strictlyEquals(_ other: DatabaseRuleValue) -> Bool {
        switch (self, other) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }
}
