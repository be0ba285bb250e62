import HearthRules

extension RulesEvaluationLog {
    /// Records a Firestore decision: one line per `allow` statement evaluated, at the line of
    /// its `allow` keyword (the Emulator UI's `granularAllowOutcomes`).
    func record(
        _ decision: Decision, method: RequestMethod, resource: String, identity: Identity, project: String, rules: RulesInForce
    ) {
        let lines = decision.evaluations.map { evaluation in
            let outcome: RulesEvaluation.Outcome
            let detail: String
            switch evaluation.outcome {
            case .allow:
                (outcome, detail) = (.allow, Self.granted(evaluation.method))
            case .deny(let value):
                (outcome, detail) = (.deny, "allow \(evaluation.method.rawValue) → \(value.debugText)")
            case .error(let error, let location):
                (outcome, detail) = (.error, "allow \(evaluation.method.rawValue) → error at \(location.line):\(location.column): \(error.message)")
            }
            return RulesEvaluation.Line(line: evaluation.location.line, column: evaluation.location.column, outcome: outcome, detail: detail)
        }
        let caller: String
        switch identity {
        case .anonymous: caller = "unauthenticated"
        case .owner: caller = "owner"
        case .user(let uid, _): caller = "uid \(uid)"
        }
        self.record(
            Record(
                product: .firestore, method: method.rawValue, path: resource, scope: project, caller: caller,
                outcome: decision.isAllowed ? .allow : .deny, explanation: decision.explanation, lines: lines,
                origin: rules.origin, source: rules.source))
    }

    /// A granting line's detail, a constant: nearly every evaluation has one, and formatting it
    /// per request was two allocations.
    private static func granted(_ method: RequestMethod) -> String {
        switch method {
        case .get: "allow get → true"
        case .list: "allow list → true"
        case .create: "allow create → true"
        case .update: "allow update → true"
        case .delete: "allow delete → true"
        }
    }
}
