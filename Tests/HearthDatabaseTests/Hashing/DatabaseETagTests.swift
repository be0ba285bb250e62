import HearthDatabase
import Testing

@Suite struct DatabaseETagTests {
    /// Vectors from `rtdb.md` Appendix A (computed with Python over the JS SDK's hash text),
    /// plus priority cases computed the same way.
    @Test(arguments: [
        ("\"Alan Turing\"", "GYS//RjYMQw31C+grX/ZidC4LE4="),
        ("1", "YPVfR2bXt/lcDjiQZ8pOkAd3qkQ="),
        ("1.0", "YPVfR2bXt/lcDjiQZ8pOkAd3qkQ="),
        ("true", "E5z61QM0lN/U2WsOnusszCTkR8M="),
        ("{\"a\":1}", "gIphxiFGusLh2VwSNVKSvNu90m4="),
        ("{\"a\":1,\"b\":\"x\"}", "jRI9dwRS9sb4SWm8uuoN7+xBk4g="),
        ("{\"b\":\"x\",\"a\":1}", "jRI9dwRS9sb4SWm8uuoN7+xBk4g="),
        ("{\".value\":\"x\",\".priority\":1}", "DyYUenjbovmkXiggnw4KsXFS+eA="),
        ("{\"a\":{\".value\":1,\".priority\":2},\"b\":{\".value\":2,\".priority\":1}}", "/3lk7Vfl5OYG6Kw2SkiPXNeExPw="),
        ("null", "null_etag"),
        ("{}", "null_etag"),
    ])
    func matchesTheJSSDKHash(_ json: String, _ etag: String) {
        #expect(DatabaseETag.of(Fixture.node(json)) == etag)
    }

    @Test func sha1OfLongInputsSpansBlocks() {
        let long = String(repeating: "x", count: 200)
        #expect(DatabaseETag.of(Fixture.node("\"\(long)\"")) == "mCnmiI8jQd/GO1TgolOH332Nepw=")
        #expect(DatabaseETag.of(Fixture.node("\"\(long)\"")) != DatabaseETag.of(Fixture.node("\"\(long)y\"")))
    }
}
