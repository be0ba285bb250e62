/// A starting state (seed data, rules, index enforcement) and steps run in order against it.
struct DatabaseServiceScenario: Sendable, CustomStringConvertible {
    let name: String
    var seed: String?
    var rules: String?
    var enforcesIndexes = false
    let steps: [DatabaseTestStep]

    var description: String { self.name }
}
