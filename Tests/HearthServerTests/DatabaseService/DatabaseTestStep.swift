/// One operation of a scenario, by whom, and what it must come to through every driver.
struct DatabaseTestStep: Sendable {
    let caller: DatabaseTestCaller
    let operation: DatabaseTestOperation
    let expected: DatabaseTestOutcome

    /// As the admin (the owner, whom rules do not apply to).
    init(_ operation: DatabaseTestOperation, _ expected: DatabaseTestOutcome) {
        self.init(.admin, operation, expected)
    }

    init(_ caller: DatabaseTestCaller, _ operation: DatabaseTestOperation, _ expected: DatabaseTestOutcome) {
        self.caller = caller
        self.operation = operation
        self.expected = expected
    }
}
