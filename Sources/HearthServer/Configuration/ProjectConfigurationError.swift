/// A project file (`firebase.json`, `.firebaserc`) that cannot be used: the message names
/// the file and what to fix.
public struct ProjectConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { self.message }
}
