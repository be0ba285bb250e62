import HearthHTTP
import Testing

/// The DNS-rebinding guard's table: which `Host` values are served by default and with names
/// allowed, and the refusal's advice.
struct HostAllowlistTests {
    @Test(arguments: [
        // Addresses are never a rebound page; loopback names cannot be owned by anyone else.
        ("127.0.0.1:8080", true), ("127.0.0.1", true), ("10.0.2.2:8080", true), ("192.168.1.20:9000", true),
        ("[::1]:8080", true), ("[::1]", true), ("[fe80::1]:9000", true), ("localhost:9000", true), ("LOCALHOST", true),
        ("localhost.", true), ("app.localhost:3000", true),
        // Names are refused unless allowed, and so is anything that is not a host.
        ("evil.example", false), ("evil.example:8080", false), ("localhost.evil.example", false),
        ("127.0.0.1.evil.example", false), ("hearth", false), ("1.2.3", false), ("256.1.1.1", false),
        ("", false), ("local host", false), ("user@localhost", false), ("localhost:99999999", false),
        ("[::1", false), ("::1", false), ("localhost/x", false),
    ])
    func byDefault(host: String, served: Bool) {
        #expect(HostAllowlist.loopback.allows(host) == served)
    }

    @Test func noHostIsServed() {
        #expect(HostAllowlist.loopback.allows(nil))
    }

    @Test(arguments: [
        ("hearth:8080", true), ("HEARTH", true), ("mac.lan", true), ("api.dev.test", true), ("dev.test", true),
        ("dev.test.evil.example", false), ("xdev.test", false), ("other", false),
    ])
    func withNamesAllowed(host: String, served: Bool) {
        let list = HostAllowlist(allowing: ["hearth", "Mac.LAN.", ".dev.test", "127.0.0.1"])
        #expect(list.allows(host) == served)
    }

    @Test func anyNameWithStar() {
        #expect(HostAllowlist(allowing: ["*"]).allows("evil.example"))
    }

    @Test func theRefusalNamesTheFlagWithTheName() {
        let message = HostAllowlist.refusal(of: "evil.example:8080")
        #expect(message.contains("--allow-host evil.example."))
        #expect(message.contains("DNS rebinding"))
    }
}
