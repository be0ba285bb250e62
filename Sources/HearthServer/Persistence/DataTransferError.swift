/// Why an export or import failed, as one sentence for people: the path (and for import the
/// file and line) at fault, and the cause.
public struct DataTransferError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// The system call's `errno` when one failed.
    let code: Int32?

    init(_ message: String, code: Int32? = nil) {
        self.message = message
        self.code = code
    }

    public var description: String { self.message }
}
