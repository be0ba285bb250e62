extension DatabaseRuleset {
    /// Whether a write (`PUT`, `POST`, `PATCH`, `DELETE`) at `path` is allowed.
    ///
    /// Mirrors Firebase (reference §8.3): for every written location (one for a set, one per key
    /// of an update) a `.write` from the root down to that location must be true (nothing
    /// deeper can grant); then every `.validate` must pass, at each ancestor and at the location
    /// where `newData` exists, and at every node of the written value that has one (wildcards
    /// included). Deleted locations are not validated. `newData` is the state after the whole
    /// write, built here as ``PendingWriteData`` over `data`.
    public func evaluateWrite(
        path: [String], write: DatabaseWrite, auth: DatabaseRulesAuth?, now: Int64, data: any DatabaseRulesData
    ) -> DatabaseRulesDecision {
        let newData = PendingWriteData(base: data, path: path, write: write)
        var context = DatabaseEvaluationContext(
            auth: DatabaseRuleValue(auth?.value), now: Double(now), data: data, newData: newData, query: .plain)
        var run = WriteRun(evaluations: [], validated: [])
        for location in newData.locations {
            if let denial = self.checkLocation(location, newData: newData, context: &context, run: &run) {
                return DatabaseRulesDecision(isAllowed: false, evaluations: run.evaluations, explanation: denial)
            }
        }
        let grants = run.evaluations.filter { $0.kind == .write && $0.outcome == .true }.map(\.description)
        return DatabaseRulesDecision(
            isAllowed: true, evaluations: run.evaluations, explanation: "write allowed by " + grants.joined(separator: "; "))
    }

    /// What one write evaluation has done so far.
    struct WriteRun {
        var evaluations: [DatabaseRuleEvaluation]
        /// Locations whose `.validate` already ran (ancestors shared by several update keys).
        var validated: Set<[String]>
    }

    /// `.write` and the ancestors' `.validate` down to one location, then the written value's
    /// `.validate` rules; returns the denial explanation, or nil when this location passes.
    func checkLocation(
        _ location: PendingWriteData.Location, newData: PendingWriteData, context: inout DatabaseEvaluationContext, run: inout WriteRun
    ) -> String? {
        var granted = false
        var node: DatabaseRuleNode? = self.root
        context.wildcards = [:]
        for depth in 0...location.path.count {
            guard let current = node else { break }
            context.path = Array(location.path[0..<depth])
            let exists = newData.node(at: context.path) != nil
            if granted && !exists { break }
            if !granted, let rule = current.write {
                let evaluation = self.evaluate(rule, in: context)
                run.evaluations.append(evaluation)
                granted = evaluation.outcome == .true
            }
            if exists, let rule = current.validate, run.validated.insert(context.path).inserted {
                let evaluation = self.evaluate(rule, in: context)
                run.evaluations.append(evaluation)
                if evaluation.outcome != .true { return ".validate failed: \(evaluation)" }
            }
            if depth == location.path.count {
                if let value = location.value, granted {
                    return self.validateWritten(value, node: current, context: &context, run: &run)
                }
                break
            }
            let child = current.child(location.path[depth])
            if let (name, key) = child?.binding { context.wildcards[name] = key }
            node = child?.node
        }
        return granted ? nil : Self.denial("write", of: location.path, kind: .write, run.evaluations)
    }

    /// `.validate` at every node below a written location that has one, in key order.
    func validateWritten(
        _ value: RulesDataTree, node: DatabaseRuleNode, context: inout DatabaseEvaluationContext, run: inout WriteRun
    ) -> String? {
        guard case .children(let children) = value.content else { return nil }
        let parentPath = context.path
        let parentWildcards = context.wildcards
        defer {
            context.path = parentPath
            context.wildcards = parentWildcards
        }
        for key in children.keys.sorted() {
            guard let child = node.child(key), let subtree = children[key] else { continue }
            context.path = parentPath + [key]
            context.wildcards = parentWildcards
            if let (name, segment) = child.binding { context.wildcards[name] = segment }
            if let rule = child.node.validate, run.validated.insert(context.path).inserted {
                let evaluation = self.evaluate(rule, in: context)
                run.evaluations.append(evaluation)
                if evaluation.outcome != .true { return ".validate failed: \(evaluation)" }
            }
            if let denial = self.validateWritten(subtree, node: child.node, context: &context, run: &run) { return denial }
        }
        return nil
    }
}
