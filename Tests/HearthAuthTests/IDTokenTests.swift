import HearthAuth
import HearthCore
import HearthJSON
import Testing

/// The ID tokens the emulator issues: unsigned, three parts, every claim the SDKs decode, and
/// read back the way the emulator reads them.
@Suite struct IDTokenTests {
    static let scope = try! AuthScope(project: "demo-p")

    static func user() -> AuthUser {
        var user = AuthUser(localID: "alice1", createdAt: 1_700_000_000_000)
        user.email = "alice@example.com"
        user.emailVerified = true
        user.displayName = "Alice"
        user.lastLoginAt = 1_700_000_123_000
        user.customAttributes = #"{"admin":true,"name":"overridden by displayName? no: custom wins"}"#
        user.providerUserInfo = [ProviderUserInfo(providerID: "google.com", rawID: "g-123")]
        return user
    }

    static func payload(_ token: String) throws -> JSONObject {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts[2].isEmpty, "the emulator's tokens have an empty signature")
        let header = try #require(Base64Codec.decode(parts[0]))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"none","typ":"JWT"}"#)
        let payload = try #require(Base64Codec.decode(parts[1]))
        return try #require(try JSONParser.parse(payload).objectValue)
    }

    @Test func carriesEveryClaimTheSDKsRead() throws {
        let claims = try Self.payload(IDToken.mint(for: Self.user(), scope: Self.scope, provider: "password", now: 1_700_000_200))
        #expect(claims["iss"] == .string("https://securetoken.google.com/demo-p"))
        #expect(claims["aud"] == .string("demo-p"))
        #expect(claims["sub"] == .string("alice1"))
        #expect(claims["user_id"] == .string("alice1"))
        #expect(claims["iat"] == .number(JSONNumber(Int64(1_700_000_200))))
        #expect(claims["exp"] == .number(JSONNumber(Int64(1_700_003_800))))
        #expect(claims["auth_time"] == .number(JSONNumber(Int64(1_700_000_123))))
        #expect(claims["email"] == .string("alice@example.com"))
        #expect(claims["email_verified"] == .bool(true))
        #expect(claims["admin"] == .bool(true))
        #expect(claims["provider_id"] == nil, "only anonymous sign-ins carry provider_id")
        let firebase = try #require(claims["firebase"]?.objectValue)
        #expect(firebase["sign_in_provider"] == .string("password"))
        #expect(firebase["identities"]?.objectValue?["email"] == .array([.string("alice@example.com")]))
        #expect(firebase["identities"]?.objectValue?["google.com"] == .array([.string("g-123")]))
        #expect(firebase["tenant"] == nil)
    }

    @Test func customClaimsComeAfterTheProfileAndBeforeTheReservedClaims() throws {
        var user = Self.user()
        user.customAttributes = #"{"name":"Custom","email":"spoof@example.com"}"#
        let claims = try Self.payload(IDToken.mint(for: user, scope: Self.scope, provider: "password", now: 1))
        #expect(claims["name"] == .string("Custom"), "custom claims override name and picture")
        #expect(claims["email"] == .string("alice@example.com"), "but never the reserved claims")
    }

    @Test func anonymousAndTenantSignIns() throws {
        let anonymous = AuthUser(localID: "anon", createdAt: 0)
        let tenantScope = try AuthScope(project: "demo-p", tenant: "t-1")
        let claims = try Self.payload(IDToken.mint(for: anonymous, scope: tenantScope, provider: "anonymous", now: 5))
        #expect(claims["provider_id"] == .string("anonymous"))
        #expect(claims["email"] == nil && claims["email_verified"] == nil)
        #expect(claims["firebase"]?.objectValue?["tenant"] == .string("t-1"))
        #expect(claims["auth_time"] == .number(JSONNumber(Int64(5))), "with no sign-in time, the token's own")
    }

    @Test func readsBackWhatItMints() throws {
        let token = IDToken.mint(for: Self.user(), scope: Self.scope, provider: "google.com", now: 42)
        let parsed = try IDToken(parsing: token)
        #expect(parsed.uid == "alice1")
        #expect(parsed.project == "demo-p")
        #expect(parsed.issuedAt == 42)
        #expect(parsed.signInProvider == "google.com")
    }

    @Test(arguments: ["", "owner", "a.b", "a.b.c.d", "e30.bm90IGpzb24.", "bm90IGpzb24.e30.", "e30.e30."])
    func refusesWhatIsNotAnIDToken(_ token: String) {
        #expect(throws: AuthError.invalidIDToken) { try IDToken(parsing: token) }
    }

    @Test func refreshTokensRoundTripInTheEmulatorsFormat() throws {
        let scope = try AuthScope(project: "demo-p", tenant: "t-1")
        let token = RefreshToken(
            localID: "alice1", provider: "custom", extraClaims: JSONObject([.init(key: "role", value: .string("x"))]), scope: scope)
        let json = try JSONParser.parse(#require(Base64Codec.decode(token.encoded)))
        #expect(json.objectValue?["_AuthEmulatorRefreshToken"] == .string("DO NOT MODIFY"))
        #expect(json.objectValue?["projectId"] == .string("demo-p"))
        #expect(try RefreshToken(parsing: token.encoded) == token)
        #expect(throws: AuthError.invalidRefreshToken) { try RefreshToken(parsing: "bm90IGEgdG9rZW4=") }
    }
}
