/// The account lookup while Hearth runs no Auth emulator: every user is active, as the
/// Firestore and Realtime Database emulators treat tokens when no Auth emulator runs.
struct NoAccounts: AccountLookup {
    func standing(of uid: String, project: String?, tenant: String?, issuedAt: Int64?) -> AccountStanding { .active }

    /// Nothing ever changes.
    func observe(_ onChange: @escaping @Sendable () -> Void) {}
}
