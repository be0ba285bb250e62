/// Production's per-request limits (reference §8.5). Exceeding one yields an error value, which
/// denies the allow statement it occurs in.
public struct EvaluationLimits: Sendable, Hashable {
    /// Distinct `get`/`exists`/`getAfter`/`existsAfter` documents per request: 10 for a
    /// single-document request or query, 20 for batched writes and transactions. Cached repeat
    /// calls (same path, same before/after view) do not count.
    public var maxDocumentLookups: Int = 10
    /// Nested user-function call depth.
    public var maxCallDepth: Int = 20
    /// Expressions evaluated per request (across all allow statements).
    public var maxExpressions: Int = 1000

    public init(maxDocumentLookups: Int = 10, maxCallDepth: Int = 20, maxExpressions: Int = 1000) {
        self.maxDocumentLookups = maxDocumentLookups
        self.maxCallDepth = maxCallDepth
        self.maxExpressions = maxExpressions
    }

    /// Limits for a single-document request or a query.
    public static let singleDocument = EvaluationLimits()
    /// Limits for batched writes and transactions (20 lookups in total).
    public static let multiDocument = EvaluationLimits(maxDocumentLookups: 20)
}
