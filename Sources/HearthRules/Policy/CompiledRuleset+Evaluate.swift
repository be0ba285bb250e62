extension CompiledRuleset {
    /// Authorises one request: allowed iff ANY applicable `allow` (its methods cover
    /// `request.method`) in ANY matching match block evaluates to exactly `true`. Errors and
    /// non-bool results deny that statement only. Evaluation stops at the first granting allow.
    ///
    /// Cost: a few string comparisons per match block that does not apply, and, for those that
    /// do, the conditions' expressions; `request` and `resource` are only built whole if a rule
    /// reads them whole, and a denial's explanation only when read (a grant's was written at
    /// compile time).
    ///
    /// - Parameters:
    ///   - request: the mapped request (method, path, auth, resources, query).
    ///   - lookup: serves `get`/`exists` (before) and `getAfter`/`existsAfter` (after).
    ///   - lookupsSoFar: document access calls the request's earlier operations made, when it
    ///     is judged one operation at a time (the writes of a batch; see `EvaluationLimits`).
    ///   - debugSink: receives `debug(x)` values; nil ignores them.
    public func evaluate(
        _ request: consuming AccessRequest, lookup: any DocumentLookup, lookupsSoFar: Int = 0, debugSink: DebugSink? = nil
    ) -> Decision {
        let method = request.method
        let path = request.matchPath
        let state = EvaluationState(
            lookup: lookup, limits: request.limits, databaseID: request.databaseID, debugSink: debugSink,
            lookupsSoFar: lookupsSoFar, variables: RequestVariables(request))
        let interpreter = Interpreter(program: self.program, state: state)
        let matcher = PathMatcher(version: self.version)
        var evaluations: [AllowEvaluation] = []
        for match in self.matches {
            let applicable = match.allows(for: method)
            guard !applicable.isEmpty, let wildcards = matcher.match(match.pattern, path) else { continue }
            let scope = Scope(wildcards: wildcards)
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
                    fileName: self.fileName, location: allow.location, method: method, outcome: outcome)
                evaluations.append(evaluation)
                if case .allow = outcome {
                    return Decision(
                        isAllowed: true, evaluations: evaluations, explanation: allow.grantExplanations[method.index],
                        documentLookups: state.lookupsPerformed)
                }
            }
        }
        return Decision(deniedAfter: evaluations, documentLookups: state.lookupsPerformed)
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
        var path: [PathMatcher.Element] = []
        path.reserveCapacity(self.path.count + 5)
        path.append(.segment("databases"))
        path.append(.segment(self.databaseID))
        path.append(.segment("documents"))
        for (index, segment) in self.path.enumerated() {
            if self.collectionGroup, index == self.path.count - 1 { path.append(.unknownSegments) }
            path.append(.segment(segment))
        }
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
