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
        let matcher = PathMatcher(version: self.version)
        let base: [String: RuleValue] = [
            "request": request.requestValue,
            "resource": request.listResource ?? request.resource?.resourceValue ?? .null,
        ]
        let path = request.matchPath
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

    /// Authorises a list or query whose filters were split into `cases` (one per disjunct of
    /// its OR/IN filters): allowed only if the rules allow every case, since production
    /// requires the rule to hold for every document the query could return.
    public func evaluateList(
        _ request: AccessRequest, cases: [ListConstraints], lookup: any DocumentLookup, debugSink: DebugSink? = nil
    ) -> Decision {
        var last: Decision?
        for constraints in cases.isEmpty ? [ListConstraints()] : cases {
            var single = request
            single.listConstraints = constraints
            let decision = self.evaluate(single, lookup: lookup, debugSink: debugSink)
            guard decision.isAllowed else { return decision }
            last = decision
        }
        return last!
    }
}

extension AccessRequest {
    /// The request path as the matcher sees it, with a list's document slot and a collection
    /// group's unknown segments.
    var matchPath: [PathMatcher.Element] {
        var path: [PathMatcher.Element] = ["databases", self.databaseID, "documents"].map { .segment($0) }
        var segments = self.path.map { PathMatcher.Element.segment($0) }
        if self.collectionGroup, !segments.isEmpty { segments.insert(.unknownSegments, at: segments.count - 1) }
        path += segments
        if self.method == .list {
            let slot: RuleValue
            if let id = self.listConstraints?.documentID ?? (self.listConstraints == nil ? self.resource?.id : nil) {
                slot = .string(id)
            } else {
                slot = .error("Wildcard value is unknown for a list request.")
            }
            path.append(.listSlot(slot))
        }
        return path
    }

    /// `resource` for a list judged by its constraints: the constrained data, and the id and
    /// name only when the query fixes `__name__`.
    var listResource: RuleValue? {
        guard self.method == .list, let constraints = self.listConstraints else { return nil }
        let unknown = RuleValue.error("The query does not fix the document id, so resource.id is unknown (rules are not filters).")
        var name = unknown
        if let id = constraints.documentID, !self.collectionGroup {
            name = .path(RulePath(["databases", self.databaseID, "documents"] + self.path + [id]))
        }
        return .map(["data": constraints.data, "id": constraints.documentID.map(RuleValue.string) ?? unknown, "__name__": name])
    }
}
