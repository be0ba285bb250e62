import HearthDatabase
import HearthHTTP
import HearthJSON
import HearthRules
import Testing

@testable import HearthServer

/// The Realtime Database's caller from the identity provider: the emulator suite's mock token
/// (`iat: 0, exp: 3600`) is accepted, as on Firestore, and never expires; any other token past
/// its `exp` is `Auth token is expired`, and one with a future `exp` carries it for the stream's
/// `auth_revoked`.
@Suite struct DatabaseCallerTests {
    static let now: Int64 = 1_700_000_000_000

    static func caller(auth token: String, accounts: (any AccountLookup)? = nil) throws(DatabaseError) -> DatabaseCaller {
        let request = Request(method: .get, uri: "/x.json", headers: [:], body: [], remoteAddress: RemoteAddress(ip: "127.0.0.1", port: 1))
        var identities = IdentityResolver()
        if let accounts { identities.accounts = accounts }
        return try DatabaseRequest.caller(request, ["auth": token], identities: identities, now: Self.now)
    }

    /// A disabled user and a revoked token each get their own text (and so their own `ac`
    /// status on the WebSocket); only an unreadable token is "Could not parse auth token.".
    @Test func theAuthEmulatorsRefusalsSayWhy() {
        struct Accounts: AccountLookup {
            func standing(of uid: String, project: String?, tenant: String?, issuedAt: Int64?) -> AccountStanding {
                uid == "mallory" ? .disabled : uid == "alice" ? .revoked : .active
            }

            func observe(_ onChange: @escaping @Sendable () -> Void) {}
        }
        let cases = [
            (IdentityProviderTests.jwt(#"{"iat":1700000000,"sub":"mallory"}"#), DatabaseError.authUserDisabled),
            (IdentityProviderTests.jwt(#"{"iat":1700000000,"sub":"alice"}"#), .authTokenRevoked),
            ("not-a-token", .unparsableAuthToken),
        ]
        for (token, expected) in cases {
            #expect(throws: expected) { try Self.caller(auth: token, accounts: Accounts()) }
        }
    }

    @Test func theMockTokenIsAcceptedAndNeverExpires() throws {
        let token = try UnsignedIDToken.mint(uid: "alice", project: "demo-hearth")
        guard case .user(let auth, let expires) = try Self.caller(auth: token) else {
            Issue.record("the mock token should name a user")
            return
        }
        #expect(auth?.value.subtree(at: ["uid"]) == .string("alice"))
        #expect(auth?.value.subtree(at: ["token", "iat"]) != nil)
        #expect(expires == nil)
    }

    @Test func aTokenPastItsExpiryIsRefused() {
        let token = IdentityProviderTests.jwt(#"{"iat":1600000000,"exp":1600003600,"sub":"alice"}"#)
        do {
            _ = try Self.caller(auth: token)
            Issue.record("an expired token was accepted")
        } catch {
            #expect(error.message == "Auth token is expired")
        }
    }

    @Test func aTokenWithAFutureExpiryCarriesIt() throws {
        let payload = #"{"iat":1700000000,"exp":1700000060,"sub":"alice"}"#
        guard case .object(let claims) = try JSONParser.parse(payload) else { throw DatabaseError.badRequest("test payload") }
        let expected = DatabaseCaller.user(auth: DatabaseRulesAuth(uid: "alice", claims: claims), expires: 1_700_000_060_000)
        #expect(try Self.caller(auth: IdentityProviderTests.jwt(payload)) == expected)
    }
}
