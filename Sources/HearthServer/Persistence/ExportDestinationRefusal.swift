/// An export was asked to go where Hearth will not or cannot put one: replacing something that
/// is not an earlier export (Hearth refuses rather than delete it), or a path no directory can be
/// created at. Not a failure of the machine (nothing is retried or half done): HTTP reports the
/// first as FAILED_PRECONDITION and the second as INVALID_ARGUMENT, where write failures are
/// UNAVAILABLE.
public struct ExportDestinationRefusal: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable {
        /// The destination exists and is not an empty directory or an earlier export.
        case notAnExport
        /// The destination or a directory above it cannot be created: a file is in the way, no
        /// permission, a read-only file system, a name too long.
        case unusablePath
    }

    /// The destination that was refused.
    public let path: String
    /// What it is, why it was refused and what to do, for people.
    public let message: String
    public var reason: Reason = .notAnExport

    public var description: String { self.message }
}
