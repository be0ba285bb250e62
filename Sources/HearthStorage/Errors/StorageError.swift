/// An error from the durability layer: what happened, to which file, and what to do about it.
///
/// Follows SwiftNIO's extensible-error pattern: `kind` is a struct wrapping a private enum, so new
/// kinds can be added without breaking `switch`-free callers. Callers branch on `kind` (e.g. to map
/// `.full` to an HTTP 507 or `.locked` to an exit code) and show `message` to people as is.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// The category of failure. Compare with `==` against the static members.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case locked, corrupt, io, full, readOnly, incompatible, misuse, closed
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// Another process (or another `DurableStore` in this process) holds the data directory,
        /// or SQLite could not get its own lock in time.
        public static let locked = Kind(.locked)
        /// The data file is damaged or is not a SQLite database. Hearth never deletes or rewrites it.
        public static let corrupt = Kind(.corrupt)
        /// The operating system reported an I/O error (EIO, a failed fsync, a missing directory…).
        public static let io = Kind(.io)
        /// The disk (or the configured size limit) is full. Earlier data is intact.
        public static let full = Kind(.full)
        /// The file or directory is not writable (permissions, read-only mount).
        public static let readOnly = Kind(.readOnly)
        /// The data file was written by a newer Hearth, or is not a Hearth data file at all.
        public static let incompatible = Kind(.incompatible)
        /// The request itself is invalid (e.g. a value larger than SQLite's limit). A bug in the caller.
        public static let misuse = Kind(.misuse)
        /// The store was closed before the operation ran.
        public static let closed = Kind(.closed)

        public var description: String { self.base.rawValue }
    }

    /// What went wrong, as a category.
    public let kind: Kind
    /// A complete sentence for people: what happened, to which file, and what to do.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { self.message }
}
