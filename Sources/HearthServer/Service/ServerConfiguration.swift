/// Everything `hearth serve` can be told, with the emulator suite's defaults.
public struct ServerConfiguration: Sendable {
    /// Interface to bind. Loopback by default: a local backend should not be reachable from the
    /// network unless asked.
    public var host = "127.0.0.1"
    /// The Firestore port; 8080 as in the emulator suite, so `FIRESTORE_EMULATOR_HOST` works
    /// unchanged. 0 picks a free port.
    public var firestorePort = 8080
    /// The project printed in start-up URLs. Every project named in a URL is served, each
    /// isolated from the others; this one is only the default people see.
    public var project = "demo-hearth"
    /// Keep-alive connections idle this long are closed; also bounds how long a client may take
    /// to send a request head.
    public var idleTimeout: Duration = .seconds(60)
    /// The most time one request (head and body) may take to arrive (`--request-timeout`).
    public var requestTimeout: Duration = .seconds(60)
    /// Bytes of request bodies both ports' connections may hold at once (`--request-body-budget`).
    public var requestBodyBudget = 256 * 1024 * 1024
    /// Bytes a listen or RTDB stream may hold for a client that does not read (`--stream-buffer`).
    public var streamBufferSize = 1024 * 1024
    /// NIO's write buffer per connection, its high watermark (`--connection-buffer`).
    public var connectionWriteBuffer = 64 * 1024
    /// Serve TLS on both ports with this PEM certificate and key (`--tls-cert`, `--tls-key`):
    /// HTTPS, and HTTP/2 over TLS; nil serves plain text.
    public var tlsFiles: (certificate: String, key: String)?
    /// Accept `Bearer owner` and serve the admin endpoints (export, clear, rules upload) to
    /// non-loopback peers (`--allow-remote-owner`).
    public var allowsRemoteOwner = false
    /// Web origins trusted like loopback pages (`http://localhost:*` and the like always are):
    /// they may call the admin endpoints from a browser and act as `owner`. For a page served
    /// to other machines, such as a UI reached by the machine's LAN address.
    public var trustedOrigins: [String] = []
    /// Host names requests may name besides IP addresses, `localhost` and the names Hearth is
    /// bound to (`--allow-host`; `.domain` for a domain and its subdomains, `*` for any): the
    /// DNS-rebinding guard (`HostAllowlist`) refuses every other `Host` on every port.
    public var allowedHosts: [String] = []
    /// Where data is kept (an embedded SQLite database, `hearth.sqlite`, plus a lock file);
    /// relative paths are relative to the working directory. nil keeps everything in memory.
    public var dataDirectory: String? = ".hearth"
    /// Start even when the data directory lost acknowledged transactions (a damaged, truncated or
    /// deleted write-ahead log or data file), with what SQLite can read; the damage is logged and
    /// the log copied aside first (`--accept-data-loss`). Off: such a start is refused.
    public var acceptsDataLoss = false
    /// Where to write an export (see README "Import and export") after the HTTP server has
    /// drained on shutdown, before the storage closes; nil writes none.
    public var exportOnExit: String?
    /// The Firestore security rules file (`--rules`), reloaded when it changes; nil allows
    /// every request, as the emulator suite does without rules.
    public var rulesFile: String?
    /// How long a look at `rulesFile` for edits stays good: a request arriving later examines
    /// the file again (one `stat`); 0 examines it before every request.
    public var rulesRecheckInterval: Duration = FirestoreRulesRegistry.defaultRecheckInterval
    /// Firestore listen streams: keep-alive interval and per-stream buffer.
    public var listening = ListenSettings()
    /// The Realtime Database port; 9000 as in the emulator suite, so
    /// `FIREBASE_DATABASE_EMULATOR_HOST` works unchanged. 0 picks a free port.
    public var databasePort = 9000
    /// Interface of the Realtime Database when it differs from ``host`` (`firebase.json` can
    /// set each emulator's host); nil binds ``host``.
    public var databaseHost: String?
    /// Realtime Database rules files, each reloaded when it changes: namespace → path, where
    /// the key `""` is the file for every namespace without its own (`--database-rules`).
    /// Empty allows every request, as the emulator suite does without rules.
    public var databaseRulesFiles: [String: String] = [:]
    /// The web UI's port (`--ui-port`, `emulators.ui.port`); nil is 4000, the emulator suite's,
    /// or a free port when 4000 is taken (as firebase-tools picks one); an explicit port that
    /// is taken stops the start. The UI always binds loopback (see `UIUnit`).
    public var uiPort: Int?
    /// Serve the web UI (`--no-ui` turns it off; `emulators.ui.enabled: false` too).
    public var servesUI = true
    /// Default namespace, index enforcement and streams of the Realtime Database.
    public var database = DatabaseSettings()
    /// The Auth emulator's port; 9099 as in the emulator suite, so
    /// `FIREBASE_AUTH_EMULATOR_HOST` works unchanged. 0 picks a free port.
    public var authPort = 9099
    /// Interface of the Auth emulator when it differs from ``host`` (`emulators.auth.host`);
    /// nil binds ``host``.
    public var authHost: String?

    public init() {}
}
