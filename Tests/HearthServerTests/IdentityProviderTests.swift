import HearthJSON
import HearthRules
import Testing

@testable import HearthServer

/// The identity provider, data-driven: each credential (with where it came from) gives a
/// principal, as both products' rules see it, or an error. The emulator suite's mock token
/// (`iat: 0, exp: 3600`) is accepted by both products and never expires.
@Suite struct IdentityProviderTests {
    /// An unsigned JWT with `payload` as its claims, as `createMockUserToken` shapes it.
    static func jwt(_ payload: String) -> String {
        Base64.encodeURLSafe(Array(#"{"alg":"none","type":"JWT"}"#.utf8)) + "." + Base64.encodeURLSafe(Array(payload.utf8)) + "."
    }

    /// What a credential should give.
    enum Outcome: Sendable, CustomStringConvertible {
        /// A principal: `uid` nil for anonymous and owner; `expires` in milliseconds.
        case principal(uid: String?, admin: Bool, expires: Int64?, provider: String?)
        case refused(IdentityError.Kind)

        var description: String {
            switch self {
            case .principal(let uid, let admin, let expires, _): "principal(\(uid ?? "-"), admin: \(admin), expires: \(expires.map(String.init) ?? "never"))"
            case .refused(let kind): "refused(\(kind))"
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let credential: String?
        var context = CredentialContext.local
        var allowsRemoteOwner = false
        let outcome: Outcome
        var description: String { self.name }
    }

    static let remote = CredentialContext(peer: "10.1.2.3", peerIsLoopback: false, untrustedOrigin: nil)
    static let foreignPage = CredentialContext(peer: "127.0.0.1", peerIsLoopback: true, untrustedOrigin: "https://evil.example")

    static let cases: [Case] = [
        Case(name: "no credential", credential: nil, outcome: .principal(uid: nil, admin: false, expires: nil, provider: nil)),
        Case(name: "owner", credential: "owner", outcome: .principal(uid: nil, admin: true, expires: nil, provider: nil)),
        Case(name: "owner from another host", credential: "owner", context: remote, outcome: .refused(.forbidden)),
        Case(name: "owner from another host, allowed", credential: "owner", context: remote, allowsRemoteOwner: true,
             outcome: .principal(uid: nil, admin: true, expires: nil, provider: nil)),
        Case(name: "owner from a foreign page", credential: "owner", context: foreignPage, outcome: .refused(.forbidden)),
        Case(name: "ow ner is not owner", credential: "ow ner", outcome: .refused(.invalidCredential)),
        Case(name: "not a JWT", credential: "nonsense", outcome: .refused(.invalidCredential)),
        Case(name: "payload not JSON", credential: "e30.bm9wZQ.", outcome: .refused(.invalidCredential)),
        Case(name: "no sub", credential: jwt(#"{"email":"a@x.io"}"#), outcome: .refused(.invalidCredential)),
        Case(name: "empty sub", credential: jwt(#"{"sub":""}"#), outcome: .refused(.invalidCredential)),
        Case(name: "user_id without sub", credential: jwt(#"{"user_id":"carol"}"#),
             outcome: .principal(uid: "carol", admin: false, expires: nil, provider: "custom")),
        Case(name: "mock token (rules-unit-testing, hearth token)",
             credential: jwt(#"{"iat":0,"exp":3600,"sub":"alice","user_id":"alice","firebase":{"sign_in_provider":"custom","identities":{}}}"#),
             outcome: .principal(uid: "alice", admin: false, expires: nil, provider: "custom")),
        Case(name: "real token", credential: jwt(#"{"iat":1700000000,"exp":1700003600,"sub":"bob","firebase":{"sign_in_provider":"google.com"}}"#),
             outcome: .principal(uid: "bob", admin: false, expires: 1_700_003_600_000, provider: "google")),
        Case(name: "exp without iat", credential: jwt(#"{"exp":1000,"sub":"alice"}"#),
             outcome: .principal(uid: "alice", admin: false, expires: 1_000_000, provider: "custom")),
        Case(name: "fractional exp", credential: jwt(#"{"exp":1700000000.5,"sub":"alice"}"#),
             outcome: .principal(uid: "alice", admin: false, expires: 1_700_000_000_500, provider: "custom")),
        Case(name: "absurd exp does not overflow", credential: jwt(#"{"exp":1e300,"sub":"alice"}"#),
             outcome: .principal(uid: "alice", admin: false, expires: 9_000_000_000_000_000, provider: "custom")),
    ]

    @Test(arguments: cases)
    func credentialsGiveThePrincipalBothProductsSee(_ testCase: Case) {
        let provider = IdentityProvider(allowsRemoteOwner: testCase.allowsRemoteOwner)
        let result = Result { () throws(IdentityError) -> Caller in try provider.caller(presenting: testCase.credential, from: testCase.context, now: 0) }
        switch (testCase.outcome, result) {
        case (.refused(let kind), .failure(let error)):
            #expect(error.kind == kind)
            #expect(!error.message.isEmpty)
        case (.principal(let uid, let admin, let expires, let signInProvider), .success(let caller)):
            #expect(caller.identity == .owner ? admin : !admin)
            #expect(caller.expires == expires)
            // Firestore's `request.auth` and the Realtime Database's `auth` name the same user.
            #expect(caller.auth?.uid == uid)
            #expect(caller.databaseAuth?.value.subtree(at: ["uid"]) == uid.map { .string($0) })
            #expect(caller.databaseAuth?.value.subtree(at: ["provider"]) == signInProvider.map { .string($0) })
            if uid != nil { #expect(caller.identity != .anonymous && caller.identity != .owner) }
        default:
            Issue.record("\(testCase.name): expected \(testCase.outcome), got \(result)")
        }
    }

    /// The Auth emulator's plug-in point: a disabled user or a revoked token is refused even
    /// when the decoded token is cached.
    @Test func theAccountStoreHasTheLastWord() throws {
        struct Accounts: AccountLookup {
            func standing(of uid: String, project: String?, tenant: String?, issuedAt: Int64?) -> AccountStanding {
                if uid == "mallory" { return .disabled }
                if let issuedAt, issuedAt < 1_700_000_000 { return .revoked }
                return .active
            }

            func observe(_ onChange: @escaping @Sendable () -> Void) {}
        }
        let provider = IdentityProvider(accounts: Accounts())
        let fresh = Self.jwt(#"{"iat":1700000001,"sub":"alice"}"#)
        #expect(try provider.caller(presenting: fresh, from: .local, now: 0).auth?.uid == "alice")
        for _ in 0..<2 {
            #expect(throws: IdentityError.disabled("mallory")) {
                try provider.caller(presenting: Self.jwt(#"{"iat":1700000001,"sub":"mallory"}"#), from: .local, now: 0)
            }
            #expect(throws: IdentityError.revoked("alice")) { try provider.caller(presenting: Self.jwt(#"{"iat":5,"sub":"alice"}"#), from: .local, now: 0) }
        }
        // Without an Auth emulator every user is active: even the mock token (issued at 0).
        #expect(try IdentityProvider().caller(presenting: Self.jwt(#"{"iat":0,"sub":"mallory"}"#), from: .local, now: 0).auth?.uid == "mallory")
    }

    /// One rule for every product: an ID token past its `exp` is refused (`.expired`, which
    /// Firestore answers UNAUTHENTICATED and the Realtime Database "Auth token is expired");
    /// the emulator suite's mock token (`iat: 0, exp: 3600`) never expires.
    @Test(arguments: [
        (#"{"iat":1700000000,"exp":1700003600,"sub":"alice"}"#, Int64(1_700_003_599_999), true),
        (#"{"iat":1700000000,"exp":1700003600,"sub":"alice"}"#, Int64(1_700_003_600_000), false),
        (#"{"exp":1000,"sub":"alice"}"#, Int64(1_700_000_000_000), false),
        (#"{"iat":0,"exp":3600,"sub":"alice"}"#, Int64(1_700_000_000_000), true),
        (#"{"sub":"alice"}"#, Int64(1_700_000_000_000), true),
    ])
    func anExpiredTokenIsRefused(claims: String, now: Int64, accepted: Bool) {
        let result = Result { () throws(IdentityError) -> Caller in try IdentityProvider().caller(presenting: Self.jwt(claims), from: .local, now: now) }
        switch result {
        case .success: #expect(accepted)
        case .failure(let error):
            #expect(!accepted)
            #expect(error == .expired("alice"))
        }
    }

    /// A token whose `iss` names another project than its `aud` was not issued by Firebase Auth.
    @Test(arguments: [
        (#"{"aud":"demo-a","iss":"https://securetoken.google.com/demo-a","sub":"alice"}"#, true),
        (#"{"aud":"demo-a","sub":"alice"}"#, true),
        (#"{"aud":"demo-a","iss":"https://securetoken.google.com/demo-b","sub":"alice"}"#, false),
        (#"{"aud":"demo-a","iss":"https://evil.example/demo-a","sub":"alice"}"#, false),
    ])
    func theIssuerNamesTheAudience(claims: String, accepted: Bool) {
        let result = Result { () throws(IdentityError) -> Caller in try IdentityProvider().caller(presenting: Self.jwt(claims), from: .local, now: 0) }
        switch result {
        case .success: #expect(accepted)
        case .failure(let error):
            #expect(!accepted)
            #expect(error.kind == .invalidCredential)
            #expect(error.message.contains("does not name its aud"))
        }
    }

    /// The HTTP edge keeps its envelope rules: `Bearer ow ner` is refused before the provider.
    @Test(arguments: ["Bearer ow ner", "Bearer", "Basic owner", "Bearer  "])
    func malformedAuthorizationHeadersAreRefused(_ header: String) {
        #expect(throws: IdentityError.self) { try IdentityResolver.bearerToken(header) }
    }

    @Test func bearerTokensLoseOnlyTheSurroundingWhitespace() throws {
        #expect(try IdentityResolver.bearerToken("Bearer \towner ") == "owner")
        #expect(try IdentityResolver.bearerToken("bearer abc.def.") == "abc.def.")
    }
}
