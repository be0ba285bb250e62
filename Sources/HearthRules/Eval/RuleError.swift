/// An evaluation error: a message mirroring production's text where known (e.g.
/// "Property k is undefined on object.", "Null value error.") plus the failing node ID.
public struct RuleError: Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var node: Int

    public init(message: String, node: Int = -1) {
        self.message = message
        self.node = node
    }

    public var description: String { self.message }
}
