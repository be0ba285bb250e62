import NIOCore

/// Settings for an ``HTTPServer``; the defaults suit a local development server.
public struct HTTPServerConfiguration: Sendable {
    /// The address to listen on. Loopback by default, so nothing is exposed to the network.
    public var host = "127.0.0.1"
    /// The TCP port; `0` asks the system for a free one (``HTTPServer/start()`` returns it).
    public var port = 8080
    /// The largest request body accepted, in bytes; larger ones get `413` and the connection
    /// is closed. Checked against `Content-Length` before any body byte is read, and by
    /// counting for chunked bodies, so memory per request is bounded by this value.
    public var maxRequestBodySize = 10 * 1024 * 1024
    /// The largest request head accepted, in bytes; larger ones get `431`. Counted as NIO's
    /// decoder does: the request target plus every header name and value (separators and line
    /// ends are not counted), and no single one of them may exceed it either.
    public var maxHeaderSize = 64 * 1024
    /// How long a keep-alive connection may sit with no request in progress, and how long a
    /// request head (or a stalled request body) may take to arrive, before the connection is
    /// closed. Never applies while a response is being produced or streamed.
    public var idleTimeout: Duration = .seconds(60)
    /// Event-loop threads; one per core by default.
    public var eventLoopThreads = System.coreCount
    /// Cross-origin policy applied to every response; `nil` disables CORS handling (and lets
    /// `OPTIONS` requests reach the responder).
    public var cors: CORSPolicy? = .permissive

    public init() {}
}
