/// The names a request's `Host` (HTTP/1.1) or `:authority` (HTTP/2) may carry: what keeps a web
/// page from reaching a loopback server through DNS rebinding.
///
/// A page on `evil.example` whose name is rebound to 127.0.0.1 talks to this server as a
/// same-origin page: no `Origin` check or CORS rule applies, but its requests still say
/// `Host: evil.example`. So a request is served only when its host is
/// - an IP address literal (`127.0.0.1`, `192.168.1.20`, `[::1]`, the Android emulator's
///   `10.0.2.2`): rebinding needs a name, so an address is never a rebound page;
/// - `localhost` or a name under `.localhost` (browsers resolve those to loopback themselves,
///   RFC 6761 §6.3, so no one else can own them);
/// - a name listed explicitly (`--allow-host`, which also takes `.example.test` for a domain
///   and its subdomains, and `*` for any name), such as the name a server bound to a LAN
///   address is reached by, or a Docker Compose service name.
///
/// A request without a host (HTTP/1.0 tools) is served: browsers always send one. Jupyter and
/// webpack-dev-server guard their loopback servers the same way.
///
/// Cost: one pass over the host's bytes, and a set lookup only for a name that is not loopback.
public struct HostAllowlist: Sendable, Equatable {
    /// Names allowed besides addresses and loopback names, lower-cased, without a port.
    public private(set) var names: Set<String>
    /// Domains whose names are all allowed (`.example.test` listed), each with its leading dot.
    public private(set) var domains: [String]
    /// Whether every host is allowed (`*` listed).
    public private(set) var allowsAny: Bool

    /// - Parameter allowed: names to allow besides addresses and loopback names: `host.name`,
    ///   `.domain` for a domain and every name under it, `*` for any name.
    public init(allowing allowed: [String] = []) {
        var names = Set<String>()
        var domains: [String] = []
        var allowsAny = false
        for entry in allowed {
            let name = Self.withoutTrailingDot(Substring(entry.lowercased()))
            if name == "*" {
                allowsAny = true
            } else if name.hasPrefix(".") {
                domains.append(String(name))
            } else if !name.isEmpty {
                names.insert(String(name))
            }
        }
        self.names = names
        self.domains = domains
        self.allowsAny = allowsAny
    }

    /// Addresses and loopback names only.
    public static let loopback = HostAllowlist()

    /// Whether a request whose `Host` (or `:authority`) is `host` may be served; nil (no host
    /// sent) may.
    public func allows(_ host: String?) -> Bool {
        guard !self.allowsAny, let host else { return true }
        guard let name = Self.hostName(host) else { return false }
        if Self.isAddress(name) || Self.isLoopbackName(name) { return true }
        let lowered = name.lowercased()
        if self.names.contains(lowered) { return true }
        return self.domains.contains { lowered.hasSuffix($0) || "." + lowered == $0 }
    }

    /// What a refused request is told: which host, and how to allow it.
    public static func refusal(of host: String) -> String {
        "This server does not answer requests for the host '\(host)': only IP addresses, localhost and names "
            + "allowed with --allow-host are served, so that a web page cannot reach it through DNS rebinding. "
            + "If you reach Hearth by this name, start it with --allow-host \(Self.hostName(host).map(String.init) ?? host)."
    }

    /// The name or address of a `Host` value: without its port, an IPv6 literal without its
    /// brackets, a trailing dot dropped; nil when it is not a host (a path, spaces, a user).
    static func hostName(_ host: String) -> Substring? {
        var rest = Substring(host)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let address = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard rest.isEmpty || Self.isPort(rest), address.contains(":") else { return nil }
            return address
        }
        if let colon = rest.lastIndex(of: ":") {
            guard Self.isPort(rest[colon...]) else { return nil }
            rest = rest[..<colon]
        }
        rest = Self.withoutTrailingDot(rest)
        guard !rest.isEmpty, rest.utf8.allSatisfy(Self.isNameByte) else { return nil }
        return rest
    }

    /// `:` and one to five digits.
    private static func isPort(_ text: Substring) -> Bool {
        text.first == ":" && (2...6).contains(text.count) && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private static func withoutTrailingDot(_ name: Substring) -> Substring {
        name.hasSuffix(".") ? name.dropLast() : name
    }

    /// An IPv6 literal (from brackets, so it has a colon) or four decimal octets.
    private static func isAddress(_ name: Substring) -> Bool {
        if name.contains(":") { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                (1...3).contains(octet.count) && octet.allSatisfy { $0.isASCII && $0.isNumber } && Int(octet)! <= 255
            }
    }

    /// `localhost`, or a name under `.localhost`.
    private static func isLoopbackName(_ name: Substring) -> Bool {
        let lowered = name.lowercased()
        return lowered == "localhost" || lowered.hasSuffix(".localhost")
    }
}
