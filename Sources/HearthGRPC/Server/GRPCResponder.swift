public import HearthHTTP
import NIOCore
import Synchronization

/// Serves gRPC over HTTP/2: the ``HTTP2StreamResponder`` a server installs to answer every
/// `application/grpc` stream from a frozen ``GRPCRouter`` table (other HTTP/2 requests go to
/// `fallback`).
///
/// Per call: the method is looked up by `:path` (UNIMPLEMENTED if unknown), `grpc-encoding`
/// (identity or gzip) and `grpc-timeout` are read, request messages are deframed with the
/// size limit, the handler runs, and its status goes out in trailers (or alone, trailers-only,
/// when it failed before sending anything). A deadline that passes ends the call with
/// DEADLINE_EXCEEDED and cancels the handler; a client's RST_STREAM cancels it too (the
/// transport cancels the stream's task).
///
/// Knows nothing of any service: errors that are not ``GRPCStatus`` go through `statusOf`,
/// the service's one mapping of its errors.
public struct GRPCResponder: HTTP2StreamResponder {
    /// gRPC's default maximum received message size in the Firestore SDKs (17 MiB).
    public static let defaultMaxMessageSize = 17 * 1024 * 1024

    let methods: [String: GRPCMethod]
    let maxMessageSize: Int
    let statusOf: @Sendable (any Error) -> GRPCStatus
    let fallback: any HTTP2StreamResponder

    /// - Parameters:
    ///   - router: the methods served.
    ///   - maxMessageSize: the largest request message taken, compressed or not.
    ///   - statusOf: the status a handler's own error ends its call with.
    ///   - fallback: answers HTTP/2 requests that are not gRPC.
    public init(
        _ router: GRPCRouter, maxMessageSize: Int = Self.defaultMaxMessageSize,
        statusOf: @escaping @Sendable (any Error) -> GRPCStatus = { GRPCStatus(.unknown, "\($0)") },
        fallback: any HTTP2StreamResponder = UnimplementedHTTP2Responder()
    ) {
        self.methods = router.methods
        self.maxMessageSize = maxMessageSize
        self.statusOf = statusOf
        self.fallback = fallback
    }

    public func respond(to request: HTTP2Request, writer: HTTP2ResponseWriter) async throws {
        guard request.isGRPC else { return try await self.fallback.respond(to: request, writer: writer) }
        let arrived = ContinuousClock.now
        let sink = GRPCResponseSink(writer: writer)
        let status: GRPCStatus
        do {
            let call = try self.call(for: request, arrived: arrived)
            let reader = GRPCRequestReader(body: request.body, compression: call.compression, maxMessageSize: self.maxMessageSize)
            // Only a call with a deadline is watched (most calls have none: no watch to make).
            let expiry = call.context.deadline.map { GRPCDeadlineWatch(deadline: $0, sink: sink, cancellation: request.cancellation) }
            do {
                if let expiry {
                    try await expiry.run { try await Self.invoke(call.method, reader: reader, sink: sink, context: call.context) }
                } else {
                    try await Self.invoke(call.method, reader: reader, sink: sink, context: call.context)
                }
                if let expiry, await expiry.expired() { return }
                status = .ok
            } catch {
                if let expiry, await expiry.expired() { return }
                status = self.status(of: error)
            }
        } catch {
            status = self.status(of: error)
        }
        try await sink.finish(status)
    }

    /// The method, encoding and context of `request`, or the status refusing it.
    private func call(
        for request: HTTP2Request, arrived: ContinuousClock.Instant
    ) throws(GRPCStatus) -> (method: GRPCMethod, compression: GRPCCompression, context: GRPCCallContext) {
        guard request.method == .post else {
            throw GRPCStatus(.unimplemented, "gRPC calls are POST requests; got \(request.method.rawValue) \(request.path).")
        }
        guard let method = self.methods[request.path] else {
            throw GRPCStatus(.unimplemented, "Method not found: \(request.path).")
        }
        let compression = try GRPCCompression(header: request.headers["grpc-encoding"])
        let timeout = try request.headers["grpc-timeout"].map { text throws(GRPCStatus) in try GRPCTimeout.parse(text) }
        let context = GRPCCallContext(
            method: request.path, metadata: GRPCMetadata(request.headers), remoteAddress: request.remoteAddress,
            deadline: timeout.map { arrived + $0 })
        return (method, compression, context)
    }

    /// Out of line: `respond`'s frame lives as long as the call (an idle Listen call's, for
    /// hours), and each handler kind's locals would otherwise be room in it.
    @inline(never)
    private static func invoke(
        _ method: GRPCMethod, reader: GRPCRequestReader, sink: GRPCResponseSink, context: GRPCCallContext
    ) async throws {
        switch method.handler {
        case .unary(let handler):
            let response = try await handler(try await reader.single(), context)
            try await sink.respond(response, status: .ok)
        case .serverStreaming(let handler):
            try await handler(try await reader.single(), sink, context)
        case .bidirectionalStreaming(let handler):
            try await handler(reader, sink, context)
        }
    }

    /// The status an error ends a call with: its own if it is one, the transport's for body
    /// limits and cancellation, else the service's mapping.
    private func status(of error: any Error) -> GRPCStatus {
        switch error {
        case let status as GRPCStatus:
            return status
        case let error as HTTP2RequestBodyError:
            return GRPCStatus(error.isRetryable ? .unavailable : .resourceExhausted, error.description)
        case is CancellationError:
            return GRPCStatus(.cancelled, "The call was cancelled.")
        case let error as ChannelError where error == .ioOnClosedChannel || error == .alreadyClosed:
            // The client reset the stream or went away while the call was reading or writing.
            return GRPCStatus(.cancelled, "The client closed the stream.")
        default:
            return self.statusOf(error)
        }
    }
}
