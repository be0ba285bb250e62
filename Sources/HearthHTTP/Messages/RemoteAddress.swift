/// The network address of the client that sent a request.
///
/// Upper layers use ``isLoopback`` to decide what a local-only identity may do, so it is
/// computed once here from the textual address: `127.0.0.0/8`, `::1`, and IPv4-mapped
/// loopback (`::ffff:127.x.y.z`) count as loopback.
public struct RemoteAddress: Sendable, Hashable, CustomStringConvertible {
    /// The IP address in its usual text form (`127.0.0.1`, `::1`).
    public var ip: String
    /// The client's TCP port, when known.
    public var port: Int?
    /// Whether the client connected from this machine.
    public var isLoopback: Bool

    public init(ip: String, port: Int?) {
        self.ip = ip
        self.port = port
        self.isLoopback = RemoteAddress.isLoopback(ip)
    }

    /// Creates an address with an explicit loopback flag (for tests simulating a remote peer).
    public init(ip: String, port: Int?, isLoopback: Bool) {
        self.ip = ip
        self.port = port
        self.isLoopback = isLoopback
    }

    public var description: String {
        guard let port = self.port else { return self.ip }
        return self.ip.contains(":") ? "[\(self.ip)]:\(port)" : "\(self.ip):\(port)"
    }

    static func isLoopback(_ ip: String) -> Bool {
        let lowered = ip.lowercased()
        if lowered == "::1" || lowered == "0:0:0:0:0:0:0:1" { return true }
        if lowered.hasPrefix("::ffff:") {
            return lowered.dropFirst("::ffff:".count).hasPrefix("127.")
        }
        return lowered.hasPrefix("127.")
    }
}
