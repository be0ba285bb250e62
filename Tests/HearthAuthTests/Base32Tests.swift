import HearthAuth
import Testing

/// Base32 against RFC 4648 §10's test vectors, and the spellings users type.
@Suite struct Base32Tests {
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
}
