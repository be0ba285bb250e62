/// A TLS certificate or key file that cannot be used: which file, what is wrong, what to do.
public struct TLSCredentialsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
