/// An export was asked to replace something that is not an earlier export: Hearth refuses
/// rather than delete it. Not a failure of the machine (nothing is retried or half done), so
/// HTTP reports it as FAILED_PRECONDITION, where write failures are UNAVAILABLE.
public struct ExportDestinationRefusal: Error, Sendable, CustomStringConvertible {
    /// The destination that was refused.
    public let path: String
    /// What it is, why it was refused and what to do, for people.
    public let message: String

    public var description: String { self.message }
}
