import HearthAuth
import HearthCore
import HearthJSON
import Synchronization
import Testing

/// The account store: its indexes and uniqueness checks, transactions that change nothing when
/// they fail, the emulator's token checks, and undo when the journal cannot make a change durable.
@Suite struct AccountStoreTests {
    static let scope = try! AuthScope(project: "demo-p")

    static func store(journal: AccountStore.AuthJournal? = nil) -> AccountStore {
        AccountStore(journal: journal, now: { 1_700_000_000_000 })
    }

    static func user(_ id: String, email: String? = nil, phone: String? = nil) -> AuthUser {
        var user = AuthUser(localID: id, createdAt: 1)
        user.email = email
        user.phoneNumber = phone
        return user
    }

    /// Open streams re-check their credential when told (issue 17): only writes that may refuse
    /// a token accepted before tell them (a user disabled, `validSince` moved, an account made
    /// disabled), not sign-ups, sign-ins or deletions, and not a transaction that failed.
    @Test func standingObserversHearOnlyChangesThatMayRefuseATokenNow() throws {
        let store = Self.store()
        let heard = Atomic(0)
        store.addStandingObserver { heard.add(1, ordering: .relaxed) }
        func write(_ body: (inout AccountTransaction) throws(AuthError) -> Void) throws -> Int {
            _ = try store.write(Self.scope, body)
            return heard.load(ordering: .relaxed)
        }
        var fresh = Self.user("u1")
        fresh.validSince = 1_700_000_000  // every sign-up sets it
        #expect(try write { (t: inout AccountTransaction) throws(AuthError) in try t.create(fresh) } == 0)
        #expect(try write { (t: inout AccountTransaction) throws(AuthError) in try t.update("u1") { $0.lastLoginAt = 5 } } == 0)
        #expect(try write { (t: inout AccountTransaction) throws(AuthError) in try t.update("u1") { $0.disabled = true } } == 1)
        #expect(try write { (t: inout AccountTransaction) throws(AuthError) in try t.update("u1") { $0.disabled = true } } == 1)
        #expect(try write { (t: inout AccountTransaction) throws(AuthError) in try t.update("u1") { $0.disabled = false } } == 1)
        #expect(try write { (t: inout AccountTransaction) throws(AuthError) in try t.update("u1") { $0.validSince = 1_700_000_009 } } == 2)
        var disabled = Self.user("u2")
        disabled.disabled = true
        #expect(try write { (t: inout AccountTransaction) throws(AuthError) in try t.create(disabled) } == 3)
        #expect(try write { (t: inout AccountTransaction) throws(AuthError) in t.delete("u1") } == 3)
        #expect(throws: AuthError.userNotFound) {
            _ = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in
                try t.update("u2") { $0.validSince = 1_700_000_010 }
                throw AuthError.userNotFound
            }
        }
        #expect(heard.load(ordering: .relaxed) == 3)
    }

    @Test func findsAccountsByEveryIndex() throws {
        let store = Self.store()
        _ = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in
            var user = Self.user("u1", email: "Alice@Example.com", phone: "+15550001")
            user.providerUserInfo = [ProviderUserInfo(providerID: "apple.com", rawID: "apple-sub")]
            try t.create(user)
        }
        try store.read(Self.scope) { index in
            #expect(index.user("u1")?.email == "alice@example.com", "e-mails are stored lower-cased")
            #expect(index.user(email: "alice@example.com")?.localID == "u1")
            #expect(index.user(phoneNumber: "+15550001")?.localID == "u1")
            #expect(index.user(provider: "apple.com", rawID: "apple-sub")?.localID == "u1")
            #expect(index.user(provider: "phone", rawID: "+15550001")?.localID == "u1", "the phone provider follows the number")
        }
    }

    /// (what the second account has, the code the store answers)
    @Test(arguments: [
        ("email", "EMAIL_EXISTS"), ("phone", "PHONE_NUMBER_EXISTS"), ("provider", "FEDERATED_USER_ID_ALREADY_LINKED"), ("id", "DUPLICATE_LOCAL_ID"),
    ])
    func refusesASecondAccountWithTheSameIdentifier(_ shared: String, _ code: String) throws {
        let store = Self.store()
        _ = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in
            var user = Self.user("u1", email: "a@x.com", phone: "+1")
            user.providerUserInfo = [ProviderUserInfo(providerID: "google.com", rawID: "g")]
            try t.create(user)
        }
        var second = Self.user(shared == "id" ? "u1" : "u2")
        switch shared {
        case "email": second.email = "A@X.com"
        case "phone": second.phoneNumber = "+1"
        case "provider": second.providerUserInfo = [ProviderUserInfo(providerID: "google.com", rawID: "g")]
        default: break
        }
        #expect(throws: AuthError(code)) {
            _ = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in try t.create(second) }
        }
    }

    @Test func aFailedTransactionChangesNothing() throws {
        let store = Self.store()
        _ = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in try t.create(Self.user("u1", email: "a@x.com")) }
        #expect(throws: AuthError.emailExists) {
            _ = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in
                try t.update("u1") { $0.displayName = "changed" }
                t.delete("u1")
                try t.create(Self.user("u2", email: "b@x.com"))
                try t.create(Self.user("u3", email: "b@x.com"))
            }
        }
        try store.read(Self.scope) { index in
            #expect(index.count == 1)
            #expect(index.user("u1")?.displayName == nil)
            #expect(index.user(email: "b@x.com") == nil)
            #expect(index.user(email: "a@x.com")?.localID == "u1")
        }
    }

    @Test func scopesAreSeparate() throws {
        let store = Self.store()
        let tenant = try AuthScope(project: "demo-p", tenant: "t1")
        for scope in [Self.scope, tenant] {
            _ = try store.write(scope) { (t: inout AccountTransaction) throws(AuthError) in try t.create(Self.user("u1", email: "a@x.com")) }
        }
        #expect(store.tenants(of: "demo-p").map(\.id) == ["t1"], "a tenant named by a write exists from then on")
        #expect(store.user("u1", in: tenant) != nil && store.user("u1", in: Self.scope) != nil)
    }

    @Test func refusesTokensOfDisabledUsersAndTokensIssuedBeforeValidSince() throws {
        let store = Self.store()
        _ = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in
            var user = Self.user("u1")
            user.validSince = 1000
            try t.create(user)
        }
        let user = try #require(store.user("u1", in: Self.scope))
        let old = IDToken.mint(for: user, scope: Self.scope, provider: "custom", now: 999)
        let fresh = IDToken.mint(for: user, scope: Self.scope, provider: "custom", now: 1000)
        #expect(throws: AuthError.tokenExpired) { try store.user(presenting: old, in: Self.scope) }
        #expect(try store.user(presenting: fresh, in: Self.scope).0.localID == "u1")
        #expect(store.standing(of: "u1", project: "demo-p", tenant: nil, issuedAt: 999) == AuthError.tokenExpired)
        #expect(store.standing(of: "nobody", project: "demo-p", tenant: nil, issuedAt: 0) == nil, "unknown users are not refused")
        _ = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in try t.update("u1") { $0.disabled = true } }
        #expect(throws: AuthError.userDisabled) { try store.user(presenting: fresh, in: Self.scope) }
        #expect(store.standing(of: "u1", project: "demo-p", tenant: nil, issuedAt: 1000) == AuthError.userDisabled)
    }

    /// A journal whose every entry fails, as a full disk would.
    final class FailingJournal: Journal {
        let entries = Mutex<[AuthChange]>([])
        func enqueue(_ entry: AuthChange, after: AuthJournalReceipt?) -> AuthJournalReceipt {
            self.entries.withLock { entries in
                entries.append(entry)
                return AuthJournalReceipt(sequence: UInt64(entries.count))
            }
        }
        func waitUntilDurable(_ receipt: AuthJournalReceipt) async throws(AuthError) {
            throw AuthError.unavailable("disk full")
        }
    }

    @Test func aChangeThatCannotBeMadeDurableIsUndone() async throws {
        let journal = FailingJournal()
        let store = Self.store(journal: journal)
        let written = try store.write(Self.scope) { (t: inout AccountTransaction) throws(AuthError) in try t.create(Self.user("u1", email: "a@x.com")) }
        #expect(store.user("u1", in: Self.scope) != nil, "readers see the change at once")
        await #expect(throws: AuthError.unavailable("disk full")) { try await store.waitUntilDurable(written.receipt) }
        #expect(store.user("u1", in: Self.scope) == nil, "and it is undone when it cannot be saved")
        try store.read(Self.scope) { #expect($0.user(email: "a@x.com") == nil) }
        let config = try store.updateConfig(of: "demo-p") { (c: inout AuthConfig) throws(AuthError) in c.allowDuplicateEmails = true }
        await #expect(throws: AuthError.self) { try await store.waitUntilDurable(config.receipt) }
        #expect(store.config(of: "demo-p").allowDuplicateEmails == false)
        #expect(journal.entries.withLock { $0.count } == 2)
    }

    @Test func oobCodesAreBounded() throws {
        let store = Self.store()
        for index in 0..<(10_000 + 5) {
            store.issue(OOBCode(email: "a@x.com", kind: .passwordReset, code: "c\(index)", link: "l"), in: Self.scope)
        }
        let codes = store.oobCodes(in: Self.scope)
        #expect(codes.count == 10_000)
        #expect(codes.first?.code == "c5", "the oldest are forgotten first")
        #expect(store.redeem(oobCode: "c9", in: Self.scope)?.code == "c9")
        #expect(store.redeem(oobCode: "c9", in: Self.scope) == nil, "a code is used once")
    }
}
