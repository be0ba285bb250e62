/// A rules test file that cannot be run: unreadable, not JSON, malformed (the message names the
/// file, the case and the member, e.g. `a.test.json: case "reads": query.where[0]: …`), or its
/// rules file does not compile.
public struct RulesTestFileError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { self.message }
}
