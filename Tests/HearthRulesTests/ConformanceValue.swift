import Foundation
import HearthRules

/// The JSON encoding of expected values and bindings in `Conformance/*.json`:
///
/// | JSON | RuleValue |
/// |---|---|
/// | `null`, `true`, `"s"` | null, bool, string |
/// | `3` (integral number) | int |
/// | `{"float": 2.5}` / `{"float": "NaN"}` / `"Infinity"` | float |
/// | `{"int": "-9223372036854775808"}` | int (from a string, for the extremes) |
/// | `[a, b]` | list |
/// | `{"map": {"k": v}}` | map |
/// | `{"set": [a, b]}` | set |
/// | `{"bytes": "0FA0"}` | bytes (hex) |
/// | `{"path": "/a/b"}` | path |
/// | `{"timestamp": [seconds, nanos]}` | timestamp |
/// | `{"duration": [seconds, nanos]}` | duration |
/// | `{"latlng": [lat, lng]}` | latlng |
indirect enum ConformanceValue: Decodable, Sendable {
    case value(RuleValue)

    var ruleValue: RuleValue {
        switch self { case .value(let v): return v }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .value(.null)
        } else if let b = try? c.decode(Bool.self) {
            self = .value(.bool(b))
        } else if let i = try? c.decode(Int64.self) {
            self = .value(.int(i))
        } else if let d = try? c.decode(Double.self) {
            self = .value(.float(d))
        } else if let s = try? c.decode(String.self) {
            self = .value(.string(s))
        } else if let a = try? c.decode([ConformanceValue].self) {
            self = .value(.list(a.map(\.ruleValue)))
        } else {
            let o = try c.decode([String: TaggedValue].self)
            guard o.count == 1, let (tag, v) = o.first else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "tagged value needs exactly one key")
            }
            self = .value(try v.resolve(tag: tag))
        }
    }
}

/// The payload of a tagged value; decoded lazily by tag.
struct TaggedValue: Decodable {
    var raw: Raw

    enum Raw {
        case number(Double)
        case string(String)
        case list([ConformanceValue])
        case numbers([Double])
        case map([String: ConformanceValue])
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let d = try? c.decode(Double.self) {
            self.raw = .number(d)
        } else if let s = try? c.decode(String.self) {
            self.raw = .string(s)
        } else if let n = try? c.decode([Double].self) {
            self.raw = .numbers(n)
        } else if let l = try? c.decode([ConformanceValue].self) {
            self.raw = .list(l)
        } else {
            self.raw = .map(try c.decode([String: ConformanceValue].self))
        }
    }

    func resolve(tag: String) throws -> RuleValue {
        switch (tag, self.raw) {
        case ("float", .number(let d)): return .float(d)
        case ("float", .string(let s)):
            switch s {
            case "NaN": return .float(.nan)
            case "Infinity": return .float(.infinity)
            case "-Infinity": return .float(-.infinity)
            default: return .float(Double(s) ?? .nan)
            }
        case ("int", .string(let s)): return .int(Int64(s)!)
        case ("int", .number(let d)): return .int(Int64(d))
        case ("map", .map(let m)): return .map(m.mapValues(\.ruleValue))
        case ("set", .list(let l)): return RuleValue.makeSet(l.map(\.ruleValue))
        case ("set", .numbers(let l)): return RuleValue.makeSet(l.map { .int(Int64($0)) })
        case ("list", .numbers(let l)): return .list(l.map { .int(Int64($0)) })
        case ("bytes", .string(let hex)):
            var out: [UInt8] = []
            var chars = Array(hex)
            if chars.count % 2 == 1 { chars.insert("0", at: 0) }
            for i in stride(from: 0, to: chars.count, by: 2) { out.append(UInt8(String(chars[i...i + 1]), radix: 16)!) }
            return .bytes(out)
        case ("path", .string(let s)): return .path(RulePath(parsing: s))
        case ("timestamp", .numbers(let n)): return .timestamp(RuleTimestamp(seconds: Int64(n[0]), nanos: Int32(n.count > 1 ? n[1] : 0)))
        case ("duration", .numbers(let n)): return .duration(RuleDuration(seconds: Int64(n[0]), nanos: Int32(n.count > 1 ? n[1] : 0)))
        case ("latlng", .numbers(let n)): return .latlng(latitude: n[0], longitude: n[1])
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown tag \(tag)"))
        }
    }
}
