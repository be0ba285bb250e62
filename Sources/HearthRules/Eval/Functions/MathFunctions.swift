import Foundation

/// `math.*`. `ceil`/`floor`/`round` return ints (round half away from zero); `abs` keeps the
/// argument's type; `sqrt`/`pow` return floats. A negative `sqrt` is NaN, as in production.
enum MathFunctions {
    static func call(_ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        guard let x = args[0].number else { return FunctionSupport.typeError(name, args, node: node) }
        switch name {
        case "math.abs":
            if case .int(let i) = args[0] {
                return i == .min ? .error("Integer overflow.", node: node) : .int(abs(i))
            }
            return .float(abs(x))
        case "math.ceil", "math.floor", "math.round":
            if case .int = args[0] { return args[0] }
            let r: Double
            switch name {
            case "math.ceil": r = x.rounded(.up)
            case "math.floor": r = x.rounded(.down)
            default: r = x.rounded(.toNearestOrAwayFromZero)
            }
            guard r.isFinite, r >= -9.223372036854775808e18, r < 9.223372036854775808e18 else {
                return .error("Cannot convert \(x) to int.", node: node)
            }
            return .int(Int64(r))
        case "math.sqrt": return .float(x.squareRoot())
        case "math.pow":
            guard let y = args[1].number else { return FunctionSupport.typeError(name, args, node: node) }
            return .float(pow(x, y))
        case "math.isNaN": return .bool(x.isNaN)
        default: return .error("Function not found error: Name: [\(name)].", node: node)
        }
    }
}
