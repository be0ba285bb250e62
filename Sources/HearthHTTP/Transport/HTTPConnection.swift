import Logging
import NIOCore
import NIOHTTP1

/// Serves the requests of one accepted connection, one at a time and in order, on the task
/// the server started for it.
///
/// A class, though it holds only constants: each of the nested async calls that serve a
/// request keeps `self` in its frame for as long as the connection lives (a whole listen
/// stream), and a reference there costs 8 bytes where a copy of these fields costs hundreds,
/// in every frame. That is a few KiB less task memory per open connection.
///
/// HTTP/1.1 pipelining needs no extra machinery here: requests are read from the channel's
/// inbound stream in order and each response is fully written before the next request is
/// read. Each request body is collected into one array, bounded by the configured limit
/// before any byte is buffered.
final class HTTPConnection: Sendable {
    typealias AsyncChannel = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>
    typealias Outbound = NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>

    /// How the request loop ended, which decides how the connection is closed.
    enum Outcome {
        /// The client closed the connection, or it was closed under us.
        case peerClosed
        /// A response said `Connection: close`; the state handler is draining input and will
        /// close the channel, so wait for that instead of resetting the connection.
        case lingering
        /// The connection must be closed at once (a streamed body failed midway).
        case abort
    }

    let channel: AsyncChannel
    /// The server whose connection this is: its configuration, responder, logger, shutdown
    /// signal and stream flushers, read through it rather than copied here (a copy of the
    /// configuration alone is a few hundred bytes per open connection).
    let server: HTTPServer
    let remoteAddress: RemoteAddress?

    var configuration: HTTPServerConfiguration { self.server.configuration }
    var responder: any HTTPResponder { self.server.responder }
    var errorRenderer: @Sendable (HTTPStatus, String) -> Response { self.server.errorRenderer }
    var logger: Logger { self.server.logger }
    /// Fired by ``HTTPServer/shutdown()``; ends streamed responses.
    var shutdownSignal: StopSignal { self.server.shutdownSignal }
    /// Where streamed responses find their event loop's `StreamFlusher`.
    var flushers: StreamFlushers { self.server.flushers }

    init(channel: AsyncChannel, server: HTTPServer, remoteAddress: RemoteAddress?) {
        self.channel = channel
        self.server = server
        self.remoteAddress = remoteAddress
    }

    /// Serves until the connection closes; never throws, so one bad client cannot disturb
    /// the server or other connections.
    func serve() async {
        do {
            try await self.channel.executeThenClose { inbound, outbound in
                var iterator = inbound.makeAsyncIterator()
                switch try await self.serveRequests(&iterator, outbound) {
                case .lingering:
                    try await self.channel.channel.closeFuture.get()
                case .peerClosed, .abort:
                    break
                }
            }
        } catch {
            self.logEnd(error)
        }
    }

    /// Logs why a connection ended early (kept out of `serve`'s frame, which lives as long as
    /// the connection).
    @inline(never)
    private func logEnd(_ error: any Error) {
        switch error {
        case let error as HTTPServerError where error == .clientDisconnected:
            self.logger.debug("Client went away during a streamed response", metadata: self.peerMetadata)
        case let error as ChannelError where error == .ioOnClosedChannel || error == .alreadyClosed:
            self.logger.debug("Client went away before its response was written", metadata: self.peerMetadata)
        default:
            self.logger.info("Connection ended with an error: \(error)", metadata: self.peerMetadata)
        }
    }

    private var peerMetadata: Logger.Metadata {
        ["peer": "\(self.remoteAddress.map(\.description) ?? "unknown")"]
    }

    /// What reading one request produced.
    enum Reading {
        /// A complete request, with what its head says about the connection, when the head
        /// arrived (for the log line's duration) and the bytes it holds of the server's
        /// ``RequestBodyBudget`` (to release once it has been answered).
        case request(Request, version: HTTPVersion, keepAlive: Bool, started: ContinuousClock.Instant, reserved: Int)
        /// The connection is done (closed by the peer, or answered with an error and closing).
        case finished(Outcome)
    }

    /// A request answered, ready to be written: its response and what the writing needs of it.
    struct Answered {
        var response: Response
        let request: RequestSummary
        let version: HTTPVersion
        let keepAlive: Bool
        /// When the request head arrived, for the log line's duration.
        let started: ContinuousClock.Instant
    }

    /// What reading and answering one request produced.
    enum Answer {
        case answered(Answered)
        case finished(Outcome)
    }

    private func serveRequests(
        _ iterator: inout NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator,
        _ outbound: Outbound
    ) async throws -> Outcome {
        while true {
            let answered: Answered
            switch try await self.answerNext(&iterator, outbound) {
            case .finished(let outcome):
                return outcome
            case .answered(let next):
                answered = next
            }
            let outcome = try await self.write(
                answered.response, for: answered.request, version: answered.version, keepAlive: answered.keepAlive, outbound)
            self.logResponse(answered.request, answered.response.status, since: answered.started)
            if let outcome { return outcome }
        }
    }

    /// Reads the next request and answers it. A function of its own so that the `Request`
    /// (headers, body, parsed path and query: about a KiB) lives only in its frame, released
    /// before the response is written: a listener's response is written for the life of its
    /// connection, and the loop above keeps only a ``RequestSummary`` meanwhile.
    @inline(never)
    private func answerNext(
        _ iterator: inout NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator,
        _ outbound: Outbound
    ) async throws -> Answer {
        switch try await self.readRequest(&iterator, outbound) {
        case .finished(let outcome):
            return .finished(outcome)
        case .request(let request, let version, let keepAlive, let started, let reserved):
            var response = await self.respond(to: request)
            self.configuration.requestBodyBudget.release(reserved)
            ResponseCompression.apply(to: &response, for: request, minimumSize: self.configuration.gzipMinimumSize)
            return .answered(
                Answered(response: response, request: RequestSummary(request), version: version, keepAlive: keepAlive, started: started))
        }
    }

    /// Reads one request's head and body, bounding the body by the configured limit and the
    /// server's body budget before any byte is buffered; answers and finishes the connection
    /// for requests that cannot be read. A separate function from the loop that writes the
    /// response, so its frame is not part of the task's stack while a response streams.
    private func readRequest(
        _ iterator: inout NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator,
        _ outbound: Outbound
    ) async throws -> Reading {
        var reserved = 0
        do {
            let reading = try await self.readRequest(&iterator, outbound, reserved: &reserved)
            if case .finished = reading { self.configuration.requestBodyBudget.release(reserved) }
            return reading
        } catch {
            self.configuration.requestBodyBudget.release(reserved)
            throw error
        }
    }

    private func readRequest(
        _ iterator: inout NIOAsyncChannelInboundStream<HTTPServerRequestPart>.AsyncIterator,
        _ outbound: Outbound,
        reserved: inout Int
    ) async throws -> Reading {
        let budget = self.configuration.requestBodyBudget
        let maxBody = self.configuration.maxRequestBodySize
        let head: HTTPRequestHead
        do {
            while true {
                guard let part = try await iterator.next() else { return .finished(.peerClosed) }
                guard case .head(let requestHead) = part else { continue }
                head = requestHead
                break
            }
        } catch {
            return .finished(try await self.respondToDecodingError(error, outbound))
        }
        let started = ContinuousClock.now

        let declaredLength = head.headers.first(name: "content-length").flatMap { Int($0) }
        if let declaredLength, declaredLength > maxBody {
            return .finished(
                try await self.rejectBody(
                    "Request body exceeds the \(Self.describe(bytes: maxBody)) limit "
                        + "(Content-Length is \(declaredLength) bytes); send a smaller body.",
                    head: head,
                    outbound
                ))
        }
        if let declaredLength, declaredLength > 0 {
            guard budget.reserve(declaredLength) else {
                return .finished(try await self.rejectBusy(bytes: declaredLength, head: head, outbound))
            }
            reserved = declaredLength
        }
        if head.version == .http1_1, declaredLength ?? 1 > 0,
            head.headers.first(name: "expect")?.lowercased() == "100-continue"
        {
            try await outbound.write(.head(HTTPResponseHead(version: head.version, status: .continue)))
        }

        var body: [UInt8] = []
        if let declaredLength { body.reserveCapacity(declaredLength) }
        while true {
            let part: HTTPServerRequestPart?
            do {
                part = try await iterator.next()
            } catch {
                return .finished(try await self.respondToDecodingError(error, outbound))
            }
            switch part {
            case nil:
                return .finished(.peerClosed)
            case .body(let buffer):
                guard body.count + buffer.readableBytes <= maxBody else {
                    return .finished(
                        try await self.rejectBody(
                            "Request body exceeds the \(Self.describe(bytes: maxBody)) limit "
                                + "(got more than \(body.count + buffer.readableBytes) bytes); send a smaller body.",
                            head: head,
                            outbound
                        ))
                }
                if declaredLength == nil {
                    guard budget.reserve(buffer.readableBytes) else {
                        return .finished(try await self.rejectBusy(bytes: body.count + buffer.readableBytes, head: head, outbound))
                    }
                    reserved += buffer.readableBytes
                }
                body.append(contentsOf: buffer.readableBytesView)
            case .end:
                // After an `Upgrade` request the decoder stops parsing (we never switch
                // protocols), so the connection cannot carry another request.
                let keepAlive = head.isKeepAlive && !head.headers.contains(name: "upgrade")
                return .request(
                    self.makeRequest(head, body: body), version: head.version, keepAlive: keepAlive, started: started,
                    reserved: reserved)
            case .head:
                // The decoder never yields a head before the previous request's end.
                return .finished(.abort)
            }
        }
    }

    @inline(never)
    private func makeRequest(_ head: HTTPRequestHead, body: [UInt8]) -> Request {
        var requestHeaders = HTTPHeaders()
        requestHeaders.reserveCapacity(head.headers.count)
        for (name, value) in head.headers {
            requestHeaders.add(name: name, value: value)
        }
        return Request(
            method: HTTPMethod(rawValue: head.method.rawValue),
            uri: head.uri,
            headers: requestHeaders,
            body: body,
            remoteAddress: self.remoteAddress
        )
    }

    /// The application's response, or the CORS preflight answer.
    private func respond(to request: Request) async -> Response {
        if let cors = self.configuration.cors, request.method == .options {
            return cors.preflightResponse(
                for: request, access: self.responder.crossOriginAccess(for: request), refusal: self.errorRenderer)
        }
        var response =
            request.headers["Accept"]?.contains("text/event-stream") == true
            ? await self.respondInChildTask(to: request) : await self.responder.respond(to: request)
        self.applyCORS(to: &response, for: request)
        return response
    }

    /// Runs the responder in a child task, for a request whose response may stream (its client
    /// accepts `text/event-stream`). Why: async frames live in their task's allocator, which
    /// keeps the memory it took until the task ends, and a stream keeps the connection's task
    /// for its whole life; in a child task, what the handler's calls took (routing, parsing,
    /// the service) is freed when it returns, and an idle stream keeps only its own frames.
    /// Costs one task per such request.
    @inline(never)
    private func respondInChildTask(to request: Request) async -> Response {
        let responder = self.responder
        return await withTaskGroup(of: Response.self) { group in
            group.addTask { await responder.respond(to: request) }
            guard let response = await group.next() else { preconditionFailure("The group has the task just added") }
            return response
        }
    }

    /// Adds the CORS headers to a response, as the route's cross-origin access allows.
    private func applyCORS(to response: inout Response, for request: Request) {
        guard let cors = self.configuration.cors, request.headers["Origin"] != nil else { return }
        cors.apply(to: &response, for: request, access: self.responder.crossOriginAccess(for: request))
    }

    @inline(never)
    private func logResponse(_ request: RequestSummary, _ status: HTTPStatus, since started: ContinuousClock.Instant) {
        self.logger.debug(
            "\(request.method) \(request.path) \(status.code) \(Self.milliseconds(since: started))",
            metadata: self.peerMetadata
        )
    }

    /// Answers a request whose head or body could not be parsed, then closes.
    private func respondToDecodingError(_ error: any Error, _ outbound: Outbound) async throws -> Outcome {
        let status: HTTPStatus
        let message: String
        switch error {
        case let framing as HTTPFramingError where framing.isOversizedHead:
            status = .requestHeaderFieldsTooLarge
            message =
                "The request line and headers exceed the \(Self.describe(bytes: self.configuration.maxHeaderSize)) "
                + "limit; send fewer or smaller headers, or a shorter URL."
        case let framing as HTTPFramingError:
            status = .badRequest
            message = "Malformed HTTP request: \(framing.rule). Fix the request's framing; the connection is being closed."
        case HTTPParserError.headerOverflow:
            status = .requestHeaderFieldsTooLarge
            message =
                "The request line and headers exceed the \(Self.describe(bytes: self.configuration.maxHeaderSize)) "
                + "limit; send fewer or smaller headers, or a shorter URL."
        case let parserError as HTTPParserError:
            status = .badRequest
            message =
                "Malformed HTTP request: \(HTTPFramingError(parserError, bytes: nil).rule). Fix the request's framing; "
                + "the connection is being closed."
        case is ByteToMessageDecoderError:
            status = .badRequest
            message = "Malformed HTTP request (\(error)); the connection is being closed."
        default:
            // Not the request's fault: the connection failed (reset by the peer, for example).
            self.logger.debug("Connection failed while reading a request: \(error)", metadata: self.peerMetadata)
            return .peerClosed
        }
        self.logger.info("Rejected request: \(message)", metadata: self.peerMetadata)
        var response = self.errorRenderer(status, message)
        response.headers.replaceOrAdd(name: "Connection", value: "close")
        let probe = RequestSummary(method: .get, path: "/")
        return try await self.write(response, for: probe, version: .http1_1, keepAlive: false, outbound) ?? .lingering
    }

    /// Answers `503` (with `Retry-After`) for a body that does not fit in the server's body
    /// budget now, then closes without reading it.
    private func rejectBusy(bytes: Int, head: HTTPRequestHead, _ outbound: Outbound) async throws -> Outcome {
        let budget = self.configuration.requestBodyBudget
        guard bytes <= budget.capacity else {
            // Waiting would never help: 413, as for a body over the per-request limit.
            let message =
                "Request body of at least \(bytes) bytes exceeds the \(Self.describe(bytes: budget.capacity)) budget for all "
                + "request bodies held at once; send a smaller body (hearth serve --request-body-budget raises it)."
            return try await self.rejectBody(message, head: head, outbound)
        }
        let message =
            "The server is already receiving \(budget.inUse) bytes of request bodies, and this "
            + "\(bytes)-byte body would exceed its \(Self.describe(bytes: budget.capacity)) budget for "
            + "bodies in flight; retry shortly (hearth serve --request-body-budget raises it)."
        return try await self.rejectBody(message, status: .serviceUnavailable, head: head, outbound)
    }

    /// Answers `413` (or `status`) for a body that cannot be taken, then closes without reading the rest.
    private func rejectBody(
        _ message: String, status: HTTPStatus = .payloadTooLarge, head: HTTPRequestHead, _ outbound: Outbound
    ) async throws -> Outcome {
        self.logger.info(
            "Rejected request body: \(message)",
            metadata: self.peerMetadata.merging(["path": "\(head.uri)"]) { $1 }
        )
        var request = Request(method: HTTPMethod(rawValue: head.method.rawValue), uri: head.uri)
        if let origin = head.headers.first(name: "origin") {
            request.headers.add(name: "Origin", value: origin)
        }
        var response = self.errorRenderer(status, message)
        if status == .serviceUnavailable { response.headers.replaceOrAdd(name: "Retry-After", value: "1") }
        self.applyCORS(to: &response, for: request)
        return try await self.write(response, for: RequestSummary(request), version: head.version, keepAlive: false, outbound)
            ?? .lingering
    }

    /// Formats a byte count for messages: `10 MiB`, `64 KiB`, or `1000 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes)-byte"
    }

    /// `12.34ms`, without Foundation.
    static func milliseconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let hundredths = elapsed.components.seconds * 100_000 + elapsed.components.attoseconds / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)ms"
    }
}
