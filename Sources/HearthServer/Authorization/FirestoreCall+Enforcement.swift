import HearthFirestore
import HearthRules
import Logging

/// How a rules verdict reaches the caller and the log.
extension FirestoreCall {
    /// Throws PERMISSION_DENIED for a denial. The message starts with production's text
    /// (`Missing or insufficient permissions.`), so clients that match on it keep working,
    /// followed by Hearth's explanation: the method, the resource, and each `allow` that was
    /// evaluated with its file:line and result, or that none matched. The log gets the same.
    func enforce(_ decision: Decision, _ method: RequestMethod, _ resource: @autoclosure () -> String, _ rules: RulesInForce) throws(FirestoreError) {
        self.decisionObserver?(decision)
        self.evaluations?.record(decision, method: method, resource: resource(), identity: self.identity, project: self.database.project, rules: rules)
        guard !decision.isAllowed else { return }
        let reasons =
            decision.evaluations.isEmpty
            ? "no allow statement in \(rules.origin) matches \(method.rawValue) on this path"
            : decision.evaluations.map { evaluation in
                "\(evaluation.fileName):\(evaluation.location.line): allow \(evaluation.method.rawValue) → \(Self.outcome(evaluation.outcome))"
            }.joined(separator: "; ")
        throw self.denial("\(method.rawValue) on \(resource()) was denied: \(reasons)", rules)
    }

    /// A PERMISSION_DENIED carrying `explanation` after production's text, logged for the user.
    func denial(_ explanation: String, _ rules: RulesInForce) -> FirestoreError {
        self.logger.notice("Security rules (\(rules.origin)) denied \(self.caller): \(explanation)")
        return .permissionDenied("Missing or insufficient permissions. Hearth: \(explanation)")
    }

    /// Sends `debug(x)` output to the log with its rules location, as the emulator writes it
    /// to firestore-debug.log; nil when the rules never call `debug()` (most do not, and the
    /// closure is an allocation per evaluation).
    func debugSink(_ rules: RulesInForce) -> DebugSink? {
        guard rules.ruleset.callsDebug else { return nil }
        let logger = self.logger
        let file = rules.ruleset.fileName
        return { value, location in
            logger.info("debug() at \(file):\(location.line):\(location.column): \(value.debugText)")
        }
    }

    private var caller: String {
        switch self.identity {
        case .anonymous: "an unauthenticated request"
        case .owner: "owner"
        case .user(let uid, _): "uid \(uid)"
        }
    }

    private static func outcome(_ outcome: AllowEvaluation.Outcome) -> String {
        switch outcome {
        case .allow: "true"
        case .deny(let value): value.debugText
        case .error(let error, let location): "error at line \(location.line):\(location.column): \(error.message)"
        }
    }
}
