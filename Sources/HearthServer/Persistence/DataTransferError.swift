/// Why an export or import failed, as one sentence for people: the path (and for import the
/// file and line) at fault, and the cause.
public struct DataTransferError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { self.message }
}
