/// Why a ``RawHTTPConnection`` operation failed.
public struct RawHTTPError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
