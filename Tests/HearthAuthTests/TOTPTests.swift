import HearthAuth
import HearthCore
import HearthJSON
import Testing

/// The TOTP second factor's primitives against their RFCs' published vectors: HMAC-SHA1
/// (RFC 2202), base32 (RFC 4648 §10), TOTP (RFC 6238 Appendix B, SHA-1 rows), and the
/// stateless enrollment session.
@Suite struct TOTPTests {
    static let scope = try! AuthScope(project: "demo-p")

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test(arguments: [
        ([UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8), "b617318655057264e28bc0b6fb378c8ef146be00"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
        ([UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50), "125d7342b9ac11cd91a39af48aa17b4f63f175d3"),
        ([UInt8](repeating: 0xAA, count: 80), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8), "aa4ae5e15272d00e95705637ce8a3b55ed402112"),
        (
            [UInt8](repeating: 0xAA, count: 80), Array("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data".utf8),
            "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"
        ),
    ])
    func hmacSHA1MatchesRFC2202(key: [UInt8], message: [UInt8], expected: String) {
        #expect(Self.hex(HMACSHA1.authenticationCode(for: message, key: key)) == expected)
    }

    @Test(arguments: [
        ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI"),
    ])
    func base32MatchesRFC4648(plain: String, encoded: String) {
        #expect(Base32.encode(Array(plain.utf8)) == encoded)
        #expect(Base32.decode(encoded) == Array(plain.utf8))
    }

    @Test func base32DecodingTakesWhatUsersType() {
        #expect(Base32.decode("mzxw 6ytb oi======") == Array("foobar".utf8))
        #expect(Base32.decode("MZXW1") == nil, "1 is not in the alphabet")
    }

    /// RFC 6238 Appendix B, the SHA-1 rows (seed `12345678901234567890`, 8 digits).
    @Test(arguments: [
        (Int64(59), "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
        (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func codesMatchRFC6238(time: Int64, expected: String) {
        #expect(TOTP.code(secret: Array("12345678901234567890".utf8), unixSeconds: time, digits: 8) == expected)
    }

    @Test func verificationAcceptsOneStepEitherSideAndNothingElse() {
        let secret = Array("12345678901234567890".utf8)
        let now: Int64 = 1_234_567_890
        let code = TOTP.code(secret: secret, unixSeconds: now)
        #expect(code.count == 6)
        #expect(TOTP.verify(code, secret: secret, unixSeconds: now))
        #expect(TOTP.verify(code, secret: secret, unixSeconds: now + 30), "the next step still takes it")
        #expect(TOTP.verify(code, secret: secret, unixSeconds: now - 30), "so does the previous one")
        #expect(!TOTP.verify(code, secret: secret, unixSeconds: now + 90))
        #expect(!TOTP.verify(code, secret: Array("another secret......".utf8), unixSeconds: now))
        #expect(!TOTP.verify("12345", secret: secret, unixSeconds: now), "wrong length")
        #expect(!TOTP.verify("12a456", secret: secret, unixSeconds: now), "not digits")
        #expect(TOTP.newSecret().count == TOTP.secretLength && TOTP.newSecret() != TOTP.newSecret())
    }

    @Test func aTOTPFactorKeepsItsSecretInStoreButNotInWhatAPendingSignInShows() throws {
        var user = AuthUser(localID: "u1", createdAt: 0)
        let secret = Array("12345678901234567890".utf8)
        user.mfaEnrollments = [MFAEnrollment(id: "t1", factor: .totp(secret: secret), displayName: "app", enrolledAtMilliseconds: 0)]
        let stored = try #require(user.extra["mfaInfo"]?.arrayValue?.first?.objectValue)
        #expect(stored["totpInfo"]?.objectValue?["sharedSecretKey"] == .string(Base32.encode(secret)))
        #expect(stored["phoneInfo"] == nil)
        let reread = try AuthUser(record: user.record)
        #expect(reread.mfaEnrollments == user.mfaEnrollments, "a stored or exported record reads back with its secret")
        #expect(reread.mfaEnrollments.first?.provider == "totp")
        let redacted = reread.mfaEnrollments[0].redacted
        #expect(redacted["totpInfo"] == .object(JSONObject()))
        #expect(redacted["mfaEnrollmentId"] == .string("t1"))
        // A production export's TOTP entry has no secret: kept, not usable.
        let secretless = JSONValue.object(JSONObject([
            .init(key: "mfaEnrollmentId", value: .string("t2")), .init(key: "totpInfo", value: .object(JSONObject())),
        ]))
        var other = AuthUser(localID: "u2", createdAt: 0)
        other.extra.setMember("mfaInfo", .array([secretless]))
        #expect(other.mfaEnrollments.isEmpty)
    }

    @Test func enrollmentSessionsRoundTripAndStayInTheirProject() throws {
        let session = TOTPEnrollmentSession(localID: "u1", secret: [1, 2, 3, 4, 5], finalizeBy: 1_700_000_000_000, scope: Self.scope)
        #expect(try TOTPEnrollmentSession(parsing: session.encoded, in: Self.scope) == session)
        #expect(session.finalizeEnrollmentTime == "2023-11-14T22:13:20.000Z")
        let tenant = try AuthScope(project: "demo-p", tenant: "t-1")
        for (text, scope) in [(session.encoded, tenant), ("garbage", Self.scope), (Base64Codec.encode(Array(#"{"localId":"u1"}"#.utf8)), Self.scope)] {
            #expect(throws: AuthError.self) { try TOTPEnrollmentSession(parsing: text, in: scope) }
        }
    }
}
