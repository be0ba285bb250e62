/// Production's per-request limits (reference §8.5). Exceeding one yields an error value, which
/// denies the allow statement it occurs in.
public struct EvaluationLimits: Sendable, Hashable {
    /// Distinct `get`/`exists`/`getAfter`/`existsAfter` documents per operation (one
    /// evaluation): 10. Cached repeat calls (same path, same before/after view) do not count.
    public var maxDocumentLookups: Int = 10
    /// Document access calls for the whole request, summed over the operations it is judged as
    /// one by one (the writes of a batched write or a transaction's commit, the documents of a
    /// multi-document read): 10 for a single-document request or a query, 20 for the others.
    /// Each operation stays within `maxDocumentLookups` as well, as in production.
    public var maxRequestDocumentLookups: Int = 10
    /// Nested user-function call depth.
    public var maxCallDepth: Int = 20
    /// Expressions evaluated per request (across all allow statements).
    public var maxExpressions: Int = 1000

    public init(maxDocumentLookups: Int = 10, maxRequestDocumentLookups: Int = 10, maxCallDepth: Int = 20, maxExpressions: Int = 1000) {
        self.maxDocumentLookups = maxDocumentLookups
        self.maxRequestDocumentLookups = maxRequestDocumentLookups
        self.maxCallDepth = maxCallDepth
        self.maxExpressions = maxExpressions
    }

    /// Limits for a single-document request or a query (10 lookups).
    public static let singleDocument = EvaluationLimits()
    /// Limits for one operation of a multi-document read, a batched write or a transaction:
    /// 10 lookups for the operation, 20 for the whole request (pass the lookups its earlier
    /// operations made to `CompiledRuleset.evaluate(_:lookup:lookupsSoFar:debugSink:)`).
    public static let multiDocument = EvaluationLimits(maxRequestDocumentLookups: 20)
}
