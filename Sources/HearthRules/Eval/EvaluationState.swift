import Foundation

/// Mutable bookkeeping for ONE request evaluation: the expression counter, the lookup cache and
/// counter, and compiled regexes. It is created per `evaluate` call, used on one thread, and
/// never shared, so it needs no synchronisation (and is deliberately not `Sendable`).
final class EvaluationState {
    let lookup: any DocumentLookup
    let limits: EvaluationLimits
    let databaseID: String
    let debugSink: DebugSink?
    var expressionsEvaluated = 0
    var lookupsPerformed = 0
    var lookupCache: [LookupKey: RuleDocument?] = [:]
    var regexCache: [String: NSRegularExpression] = [:]

    struct LookupKey: Hashable {
        var path: [String]
        var after: Bool
    }

    init(lookup: any DocumentLookup, limits: EvaluationLimits, databaseID: String, debugSink: DebugSink?) {
        self.lookup = lookup
        self.limits = limits
        self.databaseID = databaseID
        self.debugSink = debugSink
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
