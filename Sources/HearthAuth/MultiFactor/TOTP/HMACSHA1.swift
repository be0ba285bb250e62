import HearthCore

/// HMAC-SHA1 (RFC 2104), the MAC RFC 6238 TOTP codes are cut from.
///
/// Built on HearthCore's ``SHA1`` so the Auth module needs no crypto package. Cost: two SHA-1
/// passes over `key block + message` (O(message length)), a few small copies.
public enum HMACSHA1 {
    static let blockSize = 64

    public static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var block = key.count > Self.blockSize ? SHA1.digest(key) : key
        block += [UInt8](repeating: 0, count: Self.blockSize - block.count)
        let inner = SHA1.digest(block.map { $0 ^ 0x36 } + message)
        return SHA1.digest(block.map { $0 ^ 0x5C } + inner)
    }
}
