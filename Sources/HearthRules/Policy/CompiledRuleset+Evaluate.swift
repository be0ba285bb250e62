extension CompiledRuleset {
    /// Authorises one request: allowed iff ANY applicable `allow` (its methods cover
    /// `request.method`) in ANY matching match block evaluates to exactly `true`. Errors and
    /// non-bool results deny that statement only. Evaluation stops at the first granting allow.
    ///
    /// - Parameters:
    ///   - request: the mapped request (method, path, auth, resources, query).
    ///   - lookup: serves `get`/`exists` (before) and `getAfter`/`existsAfter` (after).
    ///   - debugSink: receives `debug(x)` values; nil ignores them.
    public func evaluate(_ request: AccessRequest, lookup: any DocumentLookup, debugSink: DebugSink? = nil) -> Decision {
        let state = EvaluationState(
            lookup: lookup, limits: request.limits, databaseID: request.databaseID, debugSink: debugSink)
        let interpreter = Interpreter(program: self.program, state: state)
        var path: [PathMatcher.Element] = (["databases", request.databaseID, "documents"] + request.path).map { .segment($0) }
        if request.method == .list {
            path.append(
                .listSlot(request.resource.map { .string($0.id) } ?? .error("Wildcard value is unknown for a list request.")))
        }
        let matcher = PathMatcher(version: self.version)
        let base: [String: RuleValue] = [
            "request": request.requestValue,
            "resource": request.resource?.resourceValue ?? .null,
        ]
        var evaluations: [AllowEvaluation] = []
        for match in self.matches {
            let applicable = match.allows.filter { $0.methods.contains(request.method) }
            guard !applicable.isEmpty, let bindings = matcher.match(match.pattern, path) else { continue }
            var globals = base
            globals.merge(bindings) { _, wildcard in wildcard }
            let scope = Scope(globals: globals, functions: match.functions)
            for allow in applicable {
                let outcome: AllowEvaluation.Outcome
                if let condition = allow.condition {
                    switch interpreter.evaluate(condition, scope) {
                    case .bool(true): outcome = .allow
                    case .error(let e): outcome = .error(e, location: self.program.sourceMap.location(of: e.node))
                    case let v: outcome = .deny(v)
                    }
                } else {
                    outcome = .allow
                }
                let evaluation = AllowEvaluation(
                    fileName: self.fileName, location: allow.location, method: request.method, outcome: outcome)
                evaluations.append(evaluation)
                if case .allow = outcome {
                    return Decision(
                        isAllowed: true, evaluations: evaluations,
                        explanation: "allowed by \(self.fileName):\(allow.location.line) for '\(request.method.rawValue)'")
                }
            }
        }
        let explanation =
            evaluations.isEmpty
            ? "No matching allow statements" : evaluations.map(\.explanation).joined(separator: "; ")
        return Decision(isAllowed: false, evaluations: evaluations, explanation: explanation)
    }
}
