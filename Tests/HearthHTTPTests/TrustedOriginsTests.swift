import HearthHTTP
import Testing

/// Which `Origin` values count as pages on this machine: only exact loopback forms, never a
/// look-alike host, a path, `null` or another scheme.
struct TrustedOriginsTests {
    @Test(arguments: [
        "http://localhost", "http://localhost:3000", "https://localhost:8443", "HTTP://LOCALHOST:4000",
        "http://127.0.0.1", "http://127.0.0.1:4000", "http://127.1.2.3:80", "http://[::1]", "http://[::1]:9000",
    ])
    func loopbackPagesAreTrusted(origin: String) {
        #expect(TrustedOrigins.loopback.trusts(origin))
    }

    @Test(arguments: [
        "https://evil.example", "null", "", "file://", "http://localhost.evil.example", "http://127.evil.example",
        "http://127.0.0.1.evil.example", "http://evil.example/http://localhost", "http://localhost/path",
        "http://localhost:", "http://localhost:12345678", "http://localhost:80x", "ws://localhost:3000",
        "http://128.0.0.1", "http://127.0.0.256", "http://127.0.0", "http://[::2]", "http://[::1", "http://user@localhost",
        "http://192.168.1.20:4000",
    ])
    func otherPagesAreNot(origin: String) {
        #expect(!TrustedOrigins.loopback.trusts(origin))
    }

    @Test func listedOriginsAreTrustedWhateverTheirCase() {
        let trusted = TrustedOrigins(additional: ["http://192.168.1.20:4000/", "HTTPS://Hearth.Local"])
        #expect(trusted.trusts("http://192.168.1.20:4000"))
        #expect(trusted.trusts("https://hearth.local"))
        #expect(trusted.trusts("http://localhost:3000"))
        #expect(!trusted.trusts("http://192.168.1.20:4001"))
        #expect(!trusted.trusts("http://hearth.local"))
    }
}
