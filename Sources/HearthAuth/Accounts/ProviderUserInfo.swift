/// One way a user signs in (`password`, `phone`, `google.com`, `apple.com`…) and what that
/// provider says about them: identitytoolkit's `ProviderUserInfo`.
///
/// The store keeps `password` and `phone` entries in step with the user's e-mail and phone
/// number, as the emulator's `updateUserByLocalId` does; federated entries come from
/// `signInWithIdp` and imports.
public struct ProviderUserInfo: Sendable, Equatable {
    public var providerID: String
    /// The user's id at the provider (`sub` of an IdP token; the e-mail for `password`).
    public var rawID: String
    public var federatedID: String?
    public var email: String?
    public var displayName: String?
    public var photoURL: String?
    public var phoneNumber: String?
    public var screenName: String?

    public init(
        providerID: String, rawID: String, federatedID: String? = nil, email: String? = nil, displayName: String? = nil,
        photoURL: String? = nil, phoneNumber: String? = nil, screenName: String? = nil
    ) {
        self.providerID = providerID
        self.rawID = rawID
        self.federatedID = federatedID
        self.email = email
        self.displayName = displayName
        self.photoURL = photoURL
        self.phoneNumber = phoneNumber
        self.screenName = screenName
    }
}
