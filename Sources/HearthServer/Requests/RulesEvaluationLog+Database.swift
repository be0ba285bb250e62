import HearthRules

extension RulesEvaluationLog {
    /// Records a Realtime Database decision: one line per `.read`, `.write` or `.validate`
    /// rule evaluated, at its line in `database.rules.json`.
    func record(
        _ decision: DatabaseRulesDecision, verb: String, path: String, namespace: String, auth: DatabaseRulesAuth?,
        rules: DatabaseRulesInForce
    ) {
        let lines = decision.evaluations.map { evaluation in
            let outcome: RulesEvaluation.Outcome
            switch evaluation.outcome {
            case .true: outcome = .allow
            case .false: outcome = .deny
            case .error: outcome = .error
            }
            return RulesEvaluation.Line(
                line: evaluation.location.line, column: evaluation.location.column, outcome: outcome, detail: evaluation.description)
        }
        let caller: String
        if let auth {
            if case .children(let members) = auth.value.content, case .leaf(.string(let uid))? = members["uid"]?.content {
                caller = "uid \(uid)"
            } else {
                caller = "auth_variable_override"
            }
        } else {
            caller = "unauthenticated"
        }
        self.record(
            Record(
                product: .database, method: verb, path: path, scope: namespace, caller: caller,
                outcome: decision.isAllowed ? .allow : .deny, explanation: decision.explanation, lines: lines,
                origin: rules.origin, source: rules.source))
    }
}
