import HearthAuth
import Testing

/// HMAC-SHA1 against RFC 2202's test cases (keys shorter than, equal to and longer than a block).
@Suite struct HMACSHA1Tests {
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
}
