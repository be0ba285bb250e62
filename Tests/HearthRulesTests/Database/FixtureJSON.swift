import Foundation
import HearthRules

/// Arbitrary JSON in a test fixture, decoded strictly (booleans stay booleans), convertible to
/// the rules' data types.
indirect enum FixtureJSON: Decodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FixtureJSON])
    case object([String: FixtureJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([FixtureJSON].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: FixtureJSON].self))
        }
    }

    /// The RTDB tree of this JSON; arrays become index-keyed objects, as RTDB stores them.
    var tree: RulesDataTree? {
        switch self {
        case .null: nil
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .array(let a): .object(Dictionary(uniqueKeysWithValues: a.enumerated().compactMap { i, v in v.tree.map { (String(i), $0) } }))
        case .object(let o): .object(o.compactMapValues(\.tree))
        }
    }

    var primitive: RulesPrimitive? {
        switch self {
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        default: nil
        }
    }
}
