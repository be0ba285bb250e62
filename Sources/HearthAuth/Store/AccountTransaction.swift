import HearthJSON

/// The accounts of one scope as one request reads and changes them, under the store's lock:
/// every operation (sign-up, sign-in, update, import) is one transaction, so its checks
/// (`EMAIL_EXISTS`, `PHONE_NUMBER_EXISTS`) and its writes see the same state, and all of
/// its writes become one ``AuthChange``.
///
/// Changes apply to the index at once (reads see them); if the body throws, the store puts
/// the before-images back. It lives only inside ``AccountStore/write(_:_:)``, passed `inout`, so its index is
/// never copied.
public struct AccountTransaction {
    public let scope: AuthScope
    /// The project's settings (`allowDuplicateEmails`).
    public let config: AuthConfig
    /// The tenant's settings when the scope is a tenant.
    public let tenant: AuthTenant?
    /// Epoch milliseconds when the transaction began: every timestamp it writes.
    public let now: Int64
    var index: AccountIndex
    /// Before-images of every account touched, first touch only, in order.
    private(set) var beforeImages: [(localID: String, before: AuthUser?)] = []
    private var touched: Set<String> = []

    init(scope: AuthScope, config: AuthConfig, tenant: AuthTenant?, now: Int64, index: AccountIndex) {
        self.scope = scope
        self.config = config
        self.tenant = tenant
        self.now = now
        self.index = index
    }

    public func user(_ localID: String) -> AuthUser? { self.index.user(localID) }
    public func user(email: String) -> AuthUser? { self.index.user(email: EmailAddress.canonical(email)) }
    public func user(phoneNumber: String) -> AuthUser? { self.index.user(phoneNumber: phoneNumber) }
    public func user(provider: String, rawID: String) -> AuthUser? { self.index.user(provider: provider, rawID: rawID) }
    public var count: Int { self.index.count }

    /// The account whose e-mail was `initialEmail` before it was changed (for
    /// `RECOVER_EMAIL` codes). O(accounts): a rare operation.
    public func user(initialEmail: String) -> AuthUser? {
        self.index.users.values.first { $0.extra["initialEmail"]?.stringValue == initialEmail }
    }

    /// A local id no account has: 28 random alphanumerics, as the emulator makes them.
    public func newLocalID() -> String {
        while true {
            let id = RandomID.alphanumeric(28)
            if self.index.user(id) == nil { return id }
        }
    }

    /// Adds a new account.
    /// - Throws: `DUPLICATE_LOCAL_ID`, or what ``update(_:)`` throws.
    public mutating func create(_ user: AuthUser) throws(AuthError) {
        guard self.index.user(user.localID) == nil else { throw AuthError.duplicateLocalID }
        try self.put(user)
    }

    /// Stores `user` as it now is, its `password`/`phone` provider entries brought in step.
    /// - Throws: `EMAIL_EXISTS` (unless the project allows duplicate e-mails),
    ///   `PHONE_NUMBER_EXISTS` or `FEDERATED_USER_ID_ALREADY_LINKED` when another account
    ///   holds the same e-mail, phone number or provider id; nothing is changed then.
    public mutating func put(_ user: AuthUser) throws(AuthError) {
        var user = user
        if let email = user.email { user.email = EmailAddress.canonical(email) }
        user.syncDerivedProviders()
        if let email = user.email, !self.config.allowDuplicateEmails,
            let other = self.index.user(email: email), other.localID != user.localID
        {
            throw AuthError.emailExists
        }
        if let phone = user.phoneNumber, let other = self.index.user(phoneNumber: phone), other.localID != user.localID {
            throw AuthError.phoneNumberExists
        }
        for info in user.providerUserInfo where info.providerID != AuthUser.passwordProvider {
            if let other = self.index.user(provider: info.providerID, rawID: info.rawID), other.localID != user.localID {
                throw AuthError("FEDERATED_USER_ID_ALREADY_LINKED")
            }
        }
        self.remember(user.localID)
        self.index.insert(user)
    }

    /// Changes the account `localID` with `body`, then stores it as ``put(_:)`` does.
    /// - Throws: `USER_NOT_FOUND`, or what `body` or ``put(_:)`` throw.
    @discardableResult
    public mutating func update(_ localID: String, _ body: (inout AuthUser) throws(AuthError) -> Void) throws(AuthError) -> AuthUser {
        guard var user = self.index.user(localID) else { throw AuthError.userNotFound }
        try body(&user)
        try self.put(user)
        return self.index.user(localID) ?? user
    }

    /// Removes the account `localID`; returns it, or nil when there was none.
    @discardableResult
    public mutating func delete(_ localID: String) -> AuthUser? {
        guard self.index.user(localID) != nil else { return nil }
        self.remember(localID)
        return self.index.remove(localID)
    }

    private mutating func remember(_ localID: String) {
        guard self.touched.insert(localID).inserted else { return }
        self.beforeImages.append((localID, self.index.user(localID)))
    }

    /// The change to journal: each touched account as it now is, or its removal.
    var change: [AuthChange.Operation] {
        self.beforeImages.map { image in
            if let user = self.index.user(image.localID) { return .putUser(self.scope, user) }
            return .deleteUser(self.scope, localID: image.localID)
        }
    }

    /// Whether this transaction may have made an ID token refused that was accepted before: an
    /// existing account was disabled or its `validSince` moved (revocation, a new password or
    /// e-mail), or an account was created disabled. Deleting an account is not such a change
    /// (the identity provider accepts tokens of users the store does not know), nor is a new
    /// account's `validSince` (every sign-up sets it: open streams would be re-checked at each
    /// one). O(accounts touched).
    var tightensStanding: Bool {
        self.beforeImages.contains { image in
            guard let after = self.index.user(image.localID) else { return false }
            guard let before = image.before else { return after.disabled }
            return (after.disabled && !before.disabled) || after.validSince != before.validSince
        }
    }

    /// Puts every touched account back as it was; returns the index.
    mutating func rolledBack() -> AccountIndex {
        for image in self.beforeImages.reversed() {
            if let before = image.before { self.index.insert(before) } else { self.index.remove(image.localID) }
        }
        return self.index
    }

}
