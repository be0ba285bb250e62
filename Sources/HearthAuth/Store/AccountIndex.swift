/// One scope's accounts with the look-ups every operation needs: by local id, by e-mail, by
/// phone number and by (provider, raw id), as the emulator's `ProjectState` maps.
///
/// A value type owned by the store's locked state and mutated in place (the store takes it
/// out of its dictionary for a transaction, so the dictionaries are never copied). Every
/// look-up is O(1) expected; `insert`/`remove` are O(providers of the user).
public struct AccountIndex: Sendable {
    public private(set) var users: [String: AuthUser] = [:]
    /// Canonical e-mail → local ids, oldest first (several when duplicates are allowed).
    private var byEmail: [String: [String]] = [:]
    private var byPhone: [String: String] = [:]
    /// Provider id → raw id → local id.
    private var byProvider: [String: [String: String]] = [:]

    public init() {}

    public var count: Int { self.users.count }

    public func user(_ localID: String) -> AuthUser? { self.users[localID] }

    public func user(email: String) -> AuthUser? { self.byEmail[email]?.first.flatMap { self.users[$0] } }

    public func users(email: String) -> [AuthUser] { (self.byEmail[email] ?? []).compactMap { self.users[$0] } }

    public func user(phoneNumber: String) -> AuthUser? { self.byPhone[phoneNumber].flatMap { self.users[$0] } }

    public func user(provider: String, rawID: String) -> AuthUser? { self.byProvider[provider]?[rawID].flatMap { self.users[$0] } }

    /// Adds or replaces `user` and its index entries.
    mutating func insert(_ user: AuthUser) {
        self.remove(user.localID)
        self.users[user.localID] = user
        if let email = user.email { self.byEmail[email, default: []].append(user.localID) }
        if let phone = user.phoneNumber { self.byPhone[phone] = user.localID }
        for info in user.providerUserInfo { self.byProvider[info.providerID, default: [:]][info.rawID] = user.localID }
    }

    /// Removes the user with `localID` and its index entries; returns it.
    @discardableResult
    mutating func remove(_ localID: String) -> AuthUser? {
        guard let user = self.users.removeValue(forKey: localID) else { return nil }
        if let email = user.email {
            self.byEmail[email]?.removeAll { $0 == localID }
            if self.byEmail[email]?.isEmpty == true { self.byEmail[email] = nil }
        }
        if let phone = user.phoneNumber, self.byPhone[phone] == localID { self.byPhone[phone] = nil }
        for info in user.providerUserInfo where self.byProvider[info.providerID]?[info.rawID] == localID {
            self.byProvider[info.providerID]?[info.rawID] = nil
        }
        return user
    }

    /// The users in local-id order after `startAfter`, at most `limit` of them (nil: all): the
    /// order `accounts:batchGet` pages in. O(n log n) per call.
    public func page(after startAfter: String?, limit: Int?) -> [AuthUser] {
        var ids = self.users.keys.filter { startAfter == nil || $0 > startAfter! }
        ids.sort()
        if let limit, ids.count > limit { ids.removeSubrange(limit...) }
        return ids.compactMap { self.users[$0] }
    }
}
