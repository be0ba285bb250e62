import Foundation

/// A regular-expression literal of an RTDB rule (`/^[a-z]+$/i`), validated and compiled once.
///
/// Firebase accepts a subset (reference §8.8): the usual atoms, classes, groups, alternation,
/// quantifiers and `\s \w \d \S \W \D`; `^` only as the first character and `$` only as the
/// last; `i` as the only flag. Matching is a search (unanchored unless `^`/`$`), run here by
/// ICU through `NSRegularExpression`, whose syntax agrees on this subset.
struct DatabaseRegex: Sendable {
    let pattern: String
    let caseInsensitive: Bool
    let compiled: NSRegularExpression

    /// Validates `pattern` and `flags` against Firebase's subset; the error names the offending
    /// part, its offset counted from the first scalar of the pattern.
    static func compile(pattern: String, flags: String) throws(DatabaseExpressionError) -> DatabaseRegex {
        let patternLength = pattern.unicodeScalars.count
        for (index, flag) in flags.unicodeScalars.enumerated() where flag != "i" || index > 0 {
            let message = flag == "i" ? "flag 'i' given twice" : "unsupported regular expression flag '\(flag)'; only 'i' is allowed"
            throw DatabaseExpressionError(message: message, offset: patternLength + 1 + index)
        }
        let icuPattern = try Self.translate(Array(pattern.unicodeScalars))
        guard let compiled = try? NSRegularExpression(pattern: icuPattern, options: flags.isEmpty ? [] : [.caseInsensitive]) else {
            throw DatabaseExpressionError(message: "invalid regular expression /\(pattern)/", offset: 0)
        }
        return DatabaseRegex(pattern: pattern, caseInsensitive: !flags.isEmpty, compiled: compiled)
    }

    /// Whether the pattern occurs anywhere in `string` (JavaScript's `RegExp.test`).
    func test(_ string: String) -> Bool {
        let range = NSRange(location: 0, length: string.utf16.count)
        return self.compiled.firstMatch(in: string, options: [], range: range) != nil
    }
}
