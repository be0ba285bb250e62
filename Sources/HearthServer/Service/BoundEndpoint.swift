import HearthHTTP

/// A service that is listening: what it is and where.
public struct BoundEndpoint: Sendable, Hashable {
    public enum Service: String, Sendable {
        case firestore
        case database
        case auth
        /// The web UI (issue 18): a page, not an emulator; the hub lists it as the suite does.
        case ui
    }

    public var service: Service
    public var host: String
    public var port: Int

    /// Whether only this machine can connect: bound to `localhost`, `127.x.y.z` or `::1`.
    /// Anything else (`0.0.0.0`, `::`, a LAN address) is reachable from other hosts.
    public var isLoopback: Bool {
        self.host.lowercased() == "localhost" || RemoteAddress(ip: self.host, port: nil).isLoopback
    }

    /// `host:port`, the value of `FIRESTORE_EMULATOR_HOST`, `FIREBASE_DATABASE_EMULATOR_HOST`
    /// or `FIREBASE_AUTH_EMULATOR_HOST`.
    public var hostAndPort: String {
        self.host.contains(":") ? "[\(self.host)]:\(self.port)" : "\(self.host):\(self.port)"
    }
}
