/// RFC 6238 time-based one-time passwords as identitytoolkit's TOTP second factor uses them:
/// HMAC-SHA1, a 30 s step from the Unix epoch, 6 digits (`totpSessionInfo`'s
/// `hashingAlgorithm`, `periodSec`, `verificationCodeLength`).
///
/// A code is accepted in its own step and ``adjacentSteps`` either side, so a client clock a
/// little off (or a code typed as the step turns) still signs in. Cost: one HMAC-SHA1 per
/// step tried (three by default).
public enum TOTP {
    public static let periodSeconds: Int64 = 30
    public static let digits = 6
    public static let hashingAlgorithm = "SHA1"
    /// Steps accepted either side of the current one.
    public static let adjacentSteps: Int64 = 1
    /// Bytes of a new shared secret: 160 bits, the HMAC-SHA1 output size RFC 4226 recommends.
    public static let secretLength = 20

    /// The code for `secret` at `unixSeconds` (RFC 6238 §4: `T = floor(t / period)`, then
    /// RFC 4226 HOTP with dynamic truncation), zero-padded to `digits`.
    public static func code(secret: [UInt8], unixSeconds: Int64, digits: Int = Self.digits) -> String {
        Self.code(secret: secret, step: Self.step(unixSeconds), digits: digits)
    }

    /// Whether `code` is the one for `secret` at `unixSeconds` or within ``adjacentSteps``.
    public static func verify(_ code: String, secret: [UInt8], unixSeconds: Int64) -> Bool {
        guard code.utf8.count == Self.digits, code.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        let now = Self.step(unixSeconds)
        return (now - Self.adjacentSteps...now + Self.adjacentSteps).contains { step in
            step >= 0 && Self.code(secret: secret, step: step, digits: Self.digits) == code
        }
    }

    /// A fresh random secret of ``secretLength`` bytes.
    public static func newSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<Self.secretLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    static func step(_ unixSeconds: Int64) -> Int64 {
        unixSeconds >= 0 ? unixSeconds / Self.periodSeconds : (unixSeconds - Self.periodSeconds + 1) / Self.periodSeconds
    }

    static func code(secret: [UInt8], step: Int64, digits: Int) -> String {
        let counter = (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: step) >> UInt64(56 - 8 * $0)) }
        let mac = HMACSHA1.authenticationCode(for: counter, key: secret)
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary = (UInt32(mac[offset]) & 0x7F) << 24 | UInt32(mac[offset + 1]) << 16 | UInt32(mac[offset + 2]) << 8 | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(binary % modulus)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
