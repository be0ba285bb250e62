import HearthHTTP
import HearthJSON
import Testing

@testable import HearthServer

@Suite struct IdentityResolverTests {
    private func request(authorization: String?, from ip: String = "127.0.0.1") -> Request {
        var headers: HTTPHeaders = [:]
        if let authorization { headers.add(name: "Authorization", value: authorization) }
        return Request(
            method: .get, uri: "/", headers: headers, body: [],
            remoteAddress: RemoteAddress(ip: ip, port: 1234))
    }

    /// `{"alg":"none","type":"JWT"}.{"sub":"alice","email":"a@x.io","admin":true}.` as the emulator mints it.
    static let aliceToken = "eyJhbGciOiJub25lIiwidHlwZSI6IkpXVCJ9.eyJzdWIiOiJhbGljZSIsImVtYWlsIjoiYUB4LmlvIiwiYWRtaW4iOnRydWV9."

    @Test func noHeaderIsAnonymous() throws {
        #expect(try IdentityResolver().identity(of: self.request(authorization: nil)) == .anonymous)
    }

    @Test func ownerIsAdminFromLoopbackOnly() throws {
        #expect(try IdentityResolver().identity(of: self.request(authorization: "Bearer owner")) == .owner)
        #expect(throws: IdentityError.self) { try IdentityResolver().identity(of: self.request(authorization: "Bearer owner", from: "10.1.2.3")) }
        #expect(try IdentityResolver(allowsRemoteOwner: true).identity(of: self.request(authorization: "Bearer owner", from: "10.1.2.3")) == .owner)
    }

    @Test func unsignedJWTsGiveTheUserAndAllClaims() throws {
        let identity = try IdentityResolver().identity(of: self.request(authorization: "Bearer \(Self.aliceToken)"))
        guard case .user(let uid, let claims) = identity else {
            Issue.record("expected a user, got \(identity)")
            return
        }
        #expect(uid == "alice")
        #expect(claims["email"] == .string("a@x.io"))
        #expect(claims["admin"] == .bool(true))
    }

    @Test(arguments: ["Bearer nonsense", "Basic abc", "Bearer a.b.c", "Bearer e30.e30.", "Bearer"])
    func malformedCredentialsAreRefused(_ header: String) {
        #expect(throws: IdentityError.self) { try IdentityResolver().identity(of: self.request(authorization: header)) }
    }
}

@Suite struct UnsignedIDTokenTests {
    @Test func mintedTokensDecodeToTheSameUserAndClaims() throws {
        let token = try UnsignedIDToken.mint(uid: "bob", project: "p", claims: JSONObject([.init(key: "role", value: .string("editor"))]))
        guard case .user(let uid, let claims) = try IdentityResolver.decodeIDToken(token) else {
            Issue.record("expected a user")
            return
        }
        #expect(uid == "bob")
        #expect(claims["role"] == .string("editor"))
        #expect(claims["aud"] == .string("p"))
        #expect(claims["firebase"]?.objectValue?["sign_in_provider"] == .string("custom"))
    }

    @Test func claimsCannotNameAnotherUser() {
        #expect(throws: IdentityError.self) {
            try UnsignedIDToken.mint(uid: "bob", project: "p", claims: JSONObject([.init(key: "sub", value: .string("mallory"))]))
        }
    }
}
