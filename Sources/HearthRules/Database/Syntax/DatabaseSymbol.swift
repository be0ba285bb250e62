/// A punctuation or operator token of the RTDB rules expression language (a JavaScript subset).
enum DatabaseSymbol: String, Sendable, CaseIterable {
    case leftParen = "(", rightParen = ")", leftBracket = "[", rightBracket = "]"
    case dot = ".", comma = ",", question = "?", colon = ":", not = "!"
    case plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
    case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case equal = "==", strictEqual = "===", notEqual = "!=", strictNotEqual = "!=="
    case and = "&&", or = "||"

    /// Symbols by descending length, so the lexer takes the longest match (`!==` before `!=` before `!`).
    static let longestFirst: [DatabaseSymbol] = DatabaseSymbol.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
}
