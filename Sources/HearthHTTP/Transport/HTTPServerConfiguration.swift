import NIOCore

/// Settings for an ``HTTPServer``; the defaults suit a local development server.
///
/// The limits here (body size and budget, request and idle timeouts, stream and connection
/// buffers) are the transport's, not HTTP/1.1's: every connection kind this module serves
/// (HTTP/1.1, and HTTP/2 streams: the body limit and budget through ``HTTP2RequestBody``)
/// takes them from here,
/// so what a client can make the server hold is bounded the same way whatever it speaks.
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
    /// How long a connection may sit idle, neither receiving a request nor sending a response,
    /// before it is closed: a keep-alive connection with no request in progress, a request
    /// head or body that stopped arriving, or a response whose bytes the client stopped
    /// reading. A response the client reads, however slowly, never counts as idle, and the
    /// timer does not run while a response is being produced or streamed.
    public var idleTimeout: Duration = .seconds(60)
    /// The most time one request (head and body) may take to arrive, from its first byte,
    /// however steadily it trickles; the connection is closed when it runs out.
    public var requestTimeout: Duration = .seconds(60)
    /// Request bodies held at once by every connection of this server (and of any server
    /// sharing the same budget); see ``RequestBodyBudget``. 256 MiB by default.
    public var requestBodyBudget = RequestBodyBudget(capacity: 256 * 1024 * 1024)
    /// The most bytes a streamed response may hold for a client that does not read them before
    /// ``ResponseBodyWriter/send(_:backlog:)`` cuts it off (a piece larger than this alone is
    /// still accepted when nothing else is held). Counted per stream even when the bytes are
    /// shared with others (``SharedBytes``), so it bounds memory from above. 1 MiB by default:
    /// with the connection's buffer and one 64 KiB slice, a thousand stalled readers of 1 MiB
    /// documents hold about 1.1 GiB at the very most (far less in practice: snapshots are shared).
    public var streamBufferSize = 1024 * 1024
    /// NIO's write buffer per connection, its high watermark: above it the connection counts as
    /// not writable, streams stop handing it bytes, and waiting writes wait. 64 KiB by default.
    public var connectionWriteBuffer = 64 * 1024
    /// Event-loop threads when the server makes its own group (no group given to
    /// ``HTTPServer/init(configuration:responder:errorRenderer:logger:eventLoops:)``); one
    /// per core by default.
    public var eventLoopThreads = System.coreCount
    /// Answers the streams of HTTP/2 connections (detected per connection by their preface).
    /// By default every stream is told nothing serves it (`404`, or gRPC `UNIMPLEMENTED`).
    public var http2Responder: any HTTP2StreamResponder = UnimplementedHTTP2Responder()
    /// Decides which HTTP/1.1 upgrade requests become WebSocket sessions; nil (the default)
    /// refuses them all, and the HTTP/1.1 pipeline then has no upgrade handler at all.
    public var webSocketResponder: (any WebSocketResponder)?
    /// The largest WebSocket frame accepted, in bytes; a larger one closes the session with
    /// 1009 (message too big). 64 KiB by default.
    public var webSocketMaxFrameSize = 64 * 1024
    /// The largest WebSocket message (its fragments joined) accepted, in bytes; a session holds
    /// at most two messages read ahead of its handler plus one being joined. 1 MiB by default.
    public var webSocketMaxMessageSize = 1024 * 1024
    /// Serve TLS (HTTPS, and HTTP/2 over TLS) on this port instead of plain text; nil serves plain text.
    public var tls: TLSCredentials?
    /// Whether TLS offers HTTP/2 by ALPN (`h2`, then `http/1.1`). Off by default: browsers and
    /// curl would then pick HTTP/2 for everything, and the HTTP/2 responder answers only what it
    /// serves (until gRPC and REST over HTTP/2 both are, that is nothing); turn it on with a
    /// responder that serves every request. HTTP/2 with prior knowledge over TLS is detected
    /// either way.
    public var offersHTTP2OverTLS = false
    /// Buffered response bodies at least this large are sent gzip-compressed to clients that
    /// accept it (`Accept-Encoding: gzip`); nil never compresses. Streamed bodies (event
    /// streams, exports) are never compressed, so no event waits for a compressor. 1 KiB by
    /// default: below that, the gzip header and the CPU cost more than they save.
    public var gzipMinimumSize: Int? = 1024
    /// Cross-origin policy applied to every response; `nil` disables CORS handling (and lets
    /// `OPTIONS` requests reach the responder).
    public var cors: CORSPolicy? = .permissive
    /// The hosts requests may name (`Host`, `:authority`): addresses and loopback names unless
    /// more are listed (see ``HostAllowlist``, which keeps DNS-rebinding pages out). Applies to
    /// every request and WebSocket upgrade on this server.
    public var allowedHosts = HostAllowlist.loopback

    public init() {}
}
