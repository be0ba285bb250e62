/// Global builtins other than the document lookups and `debug` (which need interpreter state).
/// Namespaced builtins arrive with their namespace (`math.abs`). `bool()` and
/// `math.isInfinite` are deliberately absent: production rejects them ("function not found", pyric).
enum GlobalFunctions {
    /// Name → accepted argument counts. Used by the checker for unknown-function/arity errors.
    static let arities: [String: ClosedRange<Int>] = [
        "get": 1...1, "exists": 1...1, "getAfter": 1...1, "existsAfter": 1...1, "debug": 1...1,
        "int": 1...1, "float": 1...1, "string": 1...1, "path": 1...1,
        "math.abs": 1...1, "math.ceil": 1...1, "math.floor": 1...1, "math.round": 1...1, "math.sqrt": 1...1,
        "math.pow": 2...2, "math.isNaN": 1...1,
        "timestamp.date": 3...3, "timestamp.value": 1...1,
        "duration.value": 2...2, "duration.time": 4...4, "duration.abs": 1...1,
        "latlng.value": 2...2,
        "hashing.md5": 1...1, "hashing.sha256": 1...1, "hashing.crc32": 1...1, "hashing.crc32c": 1...1,
    ]

    static func call(_ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        guard let arity = Self.arities[name] else {
            return .error("Function not found error: Name: [\(name)].", node: node)
        }
        guard arity.contains(args.count) else {
            return FunctionSupport.arityError(name, expected: "\(arity.lowerBound)", got: args.count, node: node)
        }
        if name.hasPrefix("math.") { return MathFunctions.call(name, args, node: node) }
        if name.hasPrefix("hashing.") { return HashingFunctions.call(name, args, node: node) }
        if name.hasPrefix("timestamp.") || name.hasPrefix("duration.") {
            return TimeConstructors.call(name, args, node: node)
        }
        switch (name, args[0]) {
        case ("int", .int): return args[0]
        case ("int", .float(let f)):
            guard f.isFinite, f >= -9.223372036854775808e18, f < 9.223372036854775808e18 else {
                return .error("Cannot convert \(f) to int.", node: node)
            }
            return .int(Int64(f))
        case ("int", .string(let s)):
            if let v = Int64(s) { return .int(v) }
            return .error("Cannot convert '\(s)' to int.", node: node)
        case ("float", .float): return args[0]
        case ("float", .int(let i)): return .float(Double(i))
        case ("float", .string(let s)):
            if let v = Double(s) { return .float(v) }
            return .error("Cannot convert '\(s)' to float.", node: node)
        case ("string", .string): return args[0]
        case ("string", .bool(let b)): return .string(b ? "true" : "false")
        case ("string", .int(let i)): return .string(String(i))
        case ("string", .float(let f)): return .string(Self.formatFloat(f))
        case ("string", .null): return .string("null")
        case ("path", .string(let s)): return .path(RulePath(parsing: s))
        case ("latlng.value", _):
            guard let lat = args[0].number, let lng = args[1].number else { return FunctionSupport.typeError(name, args, node: node) }
            guard (-90...90).contains(lat), (-180...180).contains(lng) else {
                return .error("Invalid latlng: (\(lat), \(lng)).", node: node)
            }
            return .latlng(latitude: lat, longitude: lng)
        default:
            return FunctionSupport.typeError(name, args, node: node)
        }
    }

    /// `string(2.0) == '2.0'` (production, reference §8.2).
    static func formatFloat(_ f: Double) -> String {
        if f.isNaN { return "NaN" }
        if f.isInfinite { return f > 0 ? "Infinity" : "-Infinity" }
        return "\(f)"
    }
}
