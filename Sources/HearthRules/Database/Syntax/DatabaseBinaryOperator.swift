/// The binary operators of RTDB rules. `==`/`===` and `!=`/`!==` are the same strict comparison
/// in Firebase (no coercion), so each pair maps to one case.
enum DatabaseBinaryOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case equal = "==", notEqual = "!="
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case and = "&&", or = "||"

    init?(_ symbol: DatabaseSymbol) {
        switch symbol {
        case .plus: self = .add
        case .minus: self = .subtract
        case .star: self = .multiply
        case .slash: self = .divide
        case .percent: self = .remainder
        case .equal, .strictEqual: self = .equal
        case .notEqual, .strictNotEqual: self = .notEqual
        case .less: self = .less
        case .lessEqual: self = .lessEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterEqual
        case .and: self = .and
        case .or: self = .or
        default: return nil
        }
    }

    /// Binding power, JavaScript's: `||` < `&&` < equality < relational < additive < multiplicative.
    var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual: 3
        case .less, .lessEqual, .greater, .greaterEqual: 4
        case .add, .subtract: 5
        case .multiply, .divide, .remainder: 6
        }
    }
}
