import Testing

@testable import HearthServer

/// `DatabaseService` driven without sockets, and the same scenarios sent as REST requests
/// through the router the server serves the port with: both must come to the same outcome
/// at every step (Hummingbird's `.router` / `.live` idea, with the service as the second
/// side), so the REST routes are only adapters.
@Suite struct DatabaseServiceTests {
    @Test(arguments: DatabaseServiceScenario.all, DatabaseServiceDriver.allCases)
    func scenario(_ scenario: DatabaseServiceScenario, through driver: DatabaseServiceDriver) async throws {
        let fixture = try DatabaseServiceFixture(seed: scenario.seed, rules: scenario.rules, enforcesIndexes: scenario.enforcesIndexes)
        for step in scenario.steps {
            let outcome = await driver.perform(step.operation, as: step.caller, on: fixture)
            #expect(outcome == step.expected, "\(step.caller): \(step.operation)")
        }
    }
}
