/// How the Realtime Database server behaves beyond its data and rules.
public struct DatabaseSettings: Sendable {
    /// The namespace of requests that name none (no `?ns=`, no namespace in the Host): what
    /// Pyrebase, which never sends `ns`, reads and writes. `hearth serve` uses
    /// `<project>-default-rtdb`, the name Firebase gives a project's first database.
    public var defaultNamespace = "demo-hearth-default-rtdb"
    /// Refuse queries ordered by a child or `$value` without a matching `.indexOn`, with
    /// production's 400 `Index not defined`. Off by default, as in the emulator suite.
    public var enforcesIndexes = false
    /// A `keep-alive` event goes out this often on idle streams (production: about 30 s).
    public var keepAlive: Duration = .seconds(30)
    /// Events a stream may have waiting before its reader is cut off as too slow (the client
    /// reconnects and gets a fresh `put`).
    public var bufferedEvents = 1024
    /// Bytes of events a stream may hold before its first event is written, beyond which its
    /// reader is cut off; later events are bounded by the transport's `--stream-buffer`.
    public var bufferedBytes = 1024 * 1024

    public init() {}
}
