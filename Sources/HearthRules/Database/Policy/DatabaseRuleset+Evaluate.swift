extension DatabaseRuleset {
    /// Whether a read (`GET`, a query, or opening a stream) of `path` is allowed.
    ///
    /// Mirrors Firebase (reference §8.2): `.read` rules are evaluated from the root down to
    /// `path` and the first that is true grants, for everything below too; a false one revokes
    /// nothing. Rules below `path` are not consulted: rules are not filters.
    /// - Parameters:
    ///   - auth: nil when unauthenticated (`auth` is null). Admin requests bypass rules and should not get here.
    ///   - now: server time in milliseconds since the epoch.
    ///   - query: the read's ordering and filters; ``DatabaseRulesQuery/plain`` for a plain read.
    public func evaluateRead(
        path: [String], auth: DatabaseRulesAuth?, now: Int64, query: DatabaseRulesQuery = .plain, data: any DatabaseRulesData
    ) -> DatabaseRulesDecision {
        var context = DatabaseEvaluationContext(
            auth: DatabaseRuleValue(auth?.value), now: Double(now), data: data, newData: nil, query: query)
        var evaluations: [DatabaseRuleEvaluation] = []
        var node = self.root
        for depth in 0...path.count {
            context.path = Array(path[0..<depth])
            if let rule = node.read {
                let evaluation = self.evaluate(rule, in: context)
                evaluations.append(evaluation)
                if evaluation.outcome == .true {
                    return DatabaseRulesDecision(isAllowed: true, evaluations: evaluations, explanation: "read allowed by \(evaluation)")
                }
            }
            guard depth < path.count, let child = node.child(path[depth]) else { break }
            if let (name, key) = child.binding { context.wildcards[name] = key }
            node = child.node
        }
        return DatabaseRulesDecision(
            isAllowed: false, evaluations: evaluations,
            explanation: Self.denial("read", of: path, kind: .read, evaluations))
    }

    /// Runs one rule; a runtime error is recorded with its file position and counts as false.
    func evaluate(_ rule: DatabaseRule, in context: DatabaseEvaluationContext) -> DatabaseRuleEvaluation {
        let outcome: DatabaseRuleEvaluation.Outcome
        do {
            outcome = try DatabaseInterpreter(context: context).evaluateRule(rule.expression) ? .true : .false
        } catch {
            outcome = .error(error.message, rule.location(ofOffset: error.offset))
        }
        return DatabaseRuleEvaluation(
            kind: rule.kind, rulePath: rule.keyPath, dataPath: Self.display(context.path), fileName: self.fileName,
            location: rule.location, outcome: outcome)
    }

    static func display(_ path: [String]) -> String { "/" + path.joined(separator: "/") }

    /// "no .read rule granted read of /a: <each evaluation>" or "no .read rule applies at or above /a".
    static func denial(_ verb: String, of path: [String], kind: DatabaseRuleKind, _ evaluations: [DatabaseRuleEvaluation]) -> String {
        let relevant = evaluations.filter { $0.kind == kind }
        guard !relevant.isEmpty else { return "no \(kind.rawValue) rule applies at or above \(Self.display(path))" }
        return "no \(kind.rawValue) rule granted \(verb) of \(Self.display(path)): "
            + relevant.map(\.description).joined(separator: "; ")
    }
}
