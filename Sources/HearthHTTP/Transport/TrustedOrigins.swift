/// The browser origins that may call routes marked ``CrossOriginAccess/trustedOrigins``: pages
/// served from this machine's loopback names, plus any origin listed explicitly.
///
/// A loopback origin is `http` or `https` with the host `localhost`, an IPv4 address in
/// `127.0.0.0/8` or `[::1]`, and any port or none. Only the exact forms count:
/// `http://127.evil.example` or `http://localhost.evil.example` are other sites. `null` (sent
/// by `file://` pages, sandboxed frames and some redirects) is never trusted, since any page
/// can make its requests carry it.
///
/// Why origins matter to a server that only listens on loopback: the browser on the same
/// machine runs pages from every site, and sends their requests from loopback too. The
/// `Origin` header is the one thing that tells a page on another site apart from local tools
/// (which send none) and local pages.
///
/// Cost: ``trusts(_:)`` looks at the origin's bytes once, without allocating, unless the
/// origin is not loopback and explicit origins were listed (one set lookup).
public struct TrustedOrigins: Sendable, Equatable {
    /// Origins trusted besides loopback ones, as browsers serialize them
    /// (`http://192.168.1.20:4000`), lower-cased, without a trailing slash.
    public private(set) var additional: Set<String>

    /// - Parameter additional: origins to trust besides loopback ones, such as the address of
    ///   a page served to other machines; compared ASCII case-insensitively, a trailing `/` ignored.
    public init(additional: [String] = []) {
        self.additional = Set(
            additional.map { origin in
                var origin = origin.lowercased()
                while origin.hasSuffix("/") { origin.removeLast() }
                return origin
            })
    }

    /// Loopback pages only.
    public static let loopback = TrustedOrigins()

    /// Whether a page on `origin` (an `Origin` header's value) may call trusted-only routes.
    public func trusts(_ origin: String) -> Bool {
        if Self.isLoopback(origin) { return true }
        return !self.additional.isEmpty && self.additional.contains(origin.lowercased())
    }

    /// `http(s)://localhost`, `http(s)://127.a.b.c` or `http(s)://[::1]`, with an optional port.
    static func isLoopback(_ origin: String) -> Bool {
        var rest = Substring(origin.lowercased())
        if rest.hasPrefix("http://") {
            rest = rest.dropFirst(7)
        } else if rest.hasPrefix("https://") {
            rest = rest.dropFirst(8)
        } else {
            return false
        }
        let host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return false }
            host = rest[...close]
            rest = rest[rest.index(after: close)...]
        } else {
            let colon = rest.firstIndex(of: ":") ?? rest.endIndex
            host = rest[..<colon]
            rest = rest[colon...]
        }
        if !rest.isEmpty {
            // Only a port may follow the host: an origin has no path, query or user.
            guard rest.first == ":", rest.count > 1, rest.count <= 6, rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return false
            }
        }
        return host == "localhost" || host == "[::1]" || Self.isLoopbackIPv4(host)
    }

    /// Four decimal octets of at most three digits, the first 127, each at most 255.
    private static func isLoopbackIPv4(_ host: Substring) -> Bool {
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            !octet.isEmpty && octet.count <= 3 && octet.allSatisfy { $0.isASCII && $0.isNumber } && Int(octet)! <= 255
        }
    }
}
