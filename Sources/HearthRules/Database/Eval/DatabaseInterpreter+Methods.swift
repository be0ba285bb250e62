import Foundation

extension DatabaseInterpreter {
    /// `RuleDataSnapshot` methods (reference §8.5).
    func call(
        _ method: DatabaseMethod, on snapshot: DatabaseRuleSnapshot, _ arguments: [DatabaseRuleValue], at: Int
    ) throws(DatabaseExpressionError) -> DatabaseRuleValue {
        switch method {
        case .val:
            switch snapshot.node?.content {
            case .leaf(let primitive): return DatabaseRuleValue(primitive)
            case .branch: return .opaqueObject
            case nil: return .null
            }
        case .child: return .snapshot(snapshot.child(try Self.string(arguments, 0, method, at: at)))
        case .parent:
            guard !snapshot.path.isEmpty else { throw DatabaseExpressionError(message: "parent() of the root", offset: at) }
            return .snapshot(DatabaseRuleSnapshot(source: snapshot.source, path: Array(snapshot.path.dropLast())))
        case .hasChild: return .bool(snapshot.child(try Self.string(arguments, 0, method, at: at)).node != nil)
        case .hasChildren:
            guard let list = arguments.first else {
                if case .branch = snapshot.node?.content { return .bool(true) }
                return .bool(false)
            }
            guard case .array(let keys) = list else { throw DatabaseExpressionError(message: "hasChildren() needs an array", offset: at) }
            for key in keys {
                guard case .string(let path) = key else {
                    throw DatabaseExpressionError(message: "hasChildren() got \(key.typeName), not a string", offset: at)
                }
                if snapshot.child(path).node == nil { return .bool(false) }
            }
            return .bool(true)
        case .exists: return .bool(snapshot.node != nil)
        case .getPriority: return DatabaseRuleValue(snapshot.node?.priority)
        case .isNumber, .isString, .isBoolean:
            guard case .leaf(let primitive) = snapshot.node?.content else { return .bool(false) }
            switch (method, primitive) {
            case (.isNumber, .number), (.isString, .string), (.isBoolean, .bool): return .bool(true)
            default: return .bool(false)
            }
        default:
            throw DatabaseExpressionError(message: "\(method.rawValue)() is not a snapshot method", offset: at)
        }
    }

    /// String methods (reference §8.6). Arguments of the wrong type are runtime errors.
    func call(
        _ method: DatabaseMethod, on string: String, _ arguments: [DatabaseRuleValue], at: Int
    ) throws(DatabaseExpressionError) -> DatabaseRuleValue {
        switch method {
        case .contains:
            let needle = try Self.string(arguments, 0, method, at: at)
            return .bool(needle.isEmpty || string.range(of: needle, options: .literal) != nil)
        case .beginsWith: return .bool(string.utf16.starts(with: try Self.string(arguments, 0, method, at: at).utf16))
        case .endsWith:
            return .bool(string.utf16.reversed().starts(with: try Self.string(arguments, 0, method, at: at).utf16.reversed()))
        case .replace:
            let find = try Self.string(arguments, 0, method, at: at)
            let replacement = try Self.string(arguments, 1, method, at: at)
            guard !find.isEmpty else { return .string(string) }
            return .string(string.replacingOccurrences(of: find, with: replacement, options: .literal))
        case .toLowerCase: return .string(string.lowercased())
        case .toUpperCase: return .string(string.uppercased())
        case .matches:
            guard case .regex(let regex) = arguments.first else {
                throw DatabaseExpressionError(message: "matches() needs a regular expression literal", offset: at)
            }
            return .bool(regex.test(string))
        default:
            throw DatabaseExpressionError(message: "\(method.rawValue)() is not a string method", offset: at)
        }
    }

    static func string(
        _ arguments: [DatabaseRuleValue], _ index: Int, _ method: DatabaseMethod, at: Int
    ) throws(DatabaseExpressionError) -> String {
        guard index < arguments.count, case .string(let s) = arguments[index] else {
            let got = index < arguments.count ? arguments[index].typeName : "nothing"
            throw DatabaseExpressionError(message: "\(method.rawValue)() needs a string argument, got \(got)", offset: at)
        }
        return s
    }
}
