/// Rules that could not be put in force: the file is unreadable or does not compile. The
/// message names the file and, for compile errors, lists every issue as file:line:column.
public struct RulesLoadError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { self.message }
}
