import HearthHTTP
import HearthJSON
import Testing

@testable import HearthServer

@Suite struct IdentityResolverTests {
    private func request(authorization: String?, from ip: String = "127.0.0.1", origin: String? = nil) -> Request {
        var headers: HTTPHeaders = [:]
        if let authorization { headers.add(name: "Authorization", value: authorization) }
        if let origin { headers.add(name: "Origin", value: origin) }
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

    /// Only the whitespace around the credential is HTTP's; inside it, the token is what it is.
    @Test(arguments: ["Bearer owner", "Bearer  owner", "Bearer owner ", "Bearer \towner\t", "bearer owner"])
    func ownerIsExactlyOwner(_ header: String) throws {
        #expect(try IdentityResolver().identity(of: self.request(authorization: header)) == .owner)
    }

    @Test(arguments: ["Bearer ow ner", "Bearer o w n e r", "Bearer owner x", "Bearer ow\tner"])
    func whitespaceInsideTheCredentialMakesItInvalid(_ header: String) throws {
        #expect {
            try IdentityResolver().identity(of: self.request(authorization: header))
        } throws: { error in
            (error as? IdentityError)?.kind == .invalidCredential && "\(error)".contains("spaces or tabs")
        }
    }

    @Test func ownerIsRefusedToPagesOfOtherSites() throws {
        #expect {
            try IdentityResolver().identity(of: self.request(authorization: "Bearer owner", origin: "https://evil.example"))
        } throws: { error in
            (error as? IdentityError)?.kind == .forbidden && "\(error)".contains("https://evil.example")
        }
        #expect {
            try IdentityResolver().identity(of: self.request(authorization: nil, origin: "https://evil.example"), token: "owner")
        } throws: { error in
            (error as? IdentityError)?.kind == .forbidden
        }
        #expect(try IdentityResolver().identity(of: self.request(authorization: "Bearer owner", origin: "http://localhost:5173")) == .owner)
        let listed = IdentityResolver(trustedOrigins: TrustedOrigins(additional: ["https://ui.example"]))
        #expect(try listed.identity(of: self.request(authorization: "Bearer owner", origin: "https://ui.example")) == .owner)
        // Other identities are not affected: web apps on any origin sign their users in.
        #expect(try IdentityResolver().identity(of: self.request(authorization: nil, origin: "https://app.example")) == .anonymous)
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
