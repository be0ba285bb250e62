/// The second factor a sign-in completed (`firebase.sign_in_second_factor`, e.g. `phone`, and
/// `second_factor_identifier`, the enrollment id), carried by refresh tokens.
public struct SecondFactor: Sendable, Equatable {
    public var identifier: String
    public var provider: String

    public init(identifier: String, provider: String) {
        self.identifier = identifier
        self.provider = provider
    }
}
