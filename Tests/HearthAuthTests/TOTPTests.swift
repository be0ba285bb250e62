import HearthAuth
import Testing

/// RFC 6238 codes (Appendix B, SHA-1 rows) and the ±1 step window identitytoolkit's TOTP
/// factor uses.
@Suite struct TOTPTests {
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
}
