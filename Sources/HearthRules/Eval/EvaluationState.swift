import Foundation

/// Mutable bookkeeping for ONE request evaluation: the expression counter, the lookup cache and
/// counter, compiled regexes, and the request-level variables. It is created per `evaluate`
/// call, used on one thread, and never shared, so it needs no synchronisation (and is
/// deliberately not `Sendable`).
final class EvaluationState {
    let lookup: any DocumentLookup
    let limits: EvaluationLimits
    let databaseID: String
    let debugSink: DebugSink?
    /// Document access calls the request's earlier operations made (`limits.maxRequestDocumentLookups`
    /// bounds them together with this evaluation's).
    let lookupsSoFar: Int
    /// `request` and `resource` of the request a ruleset is judging; nil for a standalone expression.
    let variables: RequestVariables?
    /// A standalone expression's variables.
    let bindings: [String: RuleValue]
    var expressionsEvaluated = 0
    var lookupsPerformed = 0
    var lookupCache: [LookupKey: RuleDocument?] = [:]
    var regexCache: [String: NSRegularExpression] = [:]

    struct LookupKey: Hashable {
        var path: [String]
        var after: Bool
    }

    init(
        lookup: any DocumentLookup, limits: EvaluationLimits, databaseID: String, debugSink: DebugSink?,
        lookupsSoFar: Int = 0, variables: RequestVariables? = nil, bindings: [String: RuleValue] = [:]
    ) {
        self.lookup = lookup
        self.limits = limits
        self.databaseID = databaseID
        self.debugSink = debugSink
        self.lookupsSoFar = lookupsSoFar
        self.variables = variables
        self.bindings = bindings
    }

    /// A request-level variable: `request` or `resource` when judging a request, otherwise the
    /// expression's bindings. nil when `name` is none of them.
    func global(_ name: String) -> RuleValue? {
        guard let variables = self.variables else { return self.bindings[name] }
        return variables.value(of: name)
    }

    /// `request.field` or `resource.field` of the request being judged, as selecting `field`
    /// from the whole variable would give, without building it; nil when `name` is neither.
    func select(_ name: String, _ field: String, node: Int) -> RuleValue? {
        self.variables?.select(name, field, node: node)
    }

    /// Compiles (once per evaluation) a whole-string regex: `^(?:re)$`.
    func regex(_ pattern: String, whole: Bool) -> NSRegularExpression? {
        let key = (whole ? "W:" : "P:") + pattern
        if let r = self.regexCache[key] { return r }
        let text = whole ? "^(?:\(pattern))$" : pattern
        guard let r = try? NSRegularExpression(pattern: text, options: []) else { return nil }
        self.regexCache[key] = r
        return r
    }
}

/// Receives `debug(x)` values with the call's source location (production writes them to
/// `firestore-debug.log`; in production proper it is a no-op).
public typealias DebugSink = @Sendable (RuleValue, SourceLocation) -> Void
