public import SwiftProtobuf

/// Builds the table of methods a ``GRPCResponder`` serves, by full path
/// (`/package.Service/Method`), each with its message types and handler. Build, then freeze:
/// ``responder(maxMessageSize:statusOf:fallback:)`` makes the immutable responder.
///
/// Knows nothing of any particular service: the Firestore adapter registers its methods here.
public struct GRPCRouter: Sendable {
    var methods: [String: GRPCMethod] = [:]

    public init() {}

    /// Serves a unary method: one request, one response (or a thrown status).
    public mutating func unary<Request: SwiftProtobuf.Message, Response: SwiftProtobuf.Message>(
        _ path: String, _ request: Request.Type, _ response: Response.Type,
        _ handler: @escaping @Sendable (Request, GRPCCallContext) async throws -> Response
    ) {
        self.methods[path] = GRPCMethod(
            handler: .unary { bytes, context in
                try await GRPCCodec.encode(handler(GRPCCodec.decode(Request.self, from: bytes), context))
            })
    }

    /// Serves a server-streaming method: one request, any number of responses.
    public mutating func serverStreaming<Request: SwiftProtobuf.Message, Response: SwiftProtobuf.Message>(
        _ path: String, _ request: Request.Type, _ response: Response.Type,
        _ handler: @escaping @Sendable (Request, GRPCResponseStream<Response>, GRPCCallContext) async throws -> Void
    ) {
        self.methods[path] = GRPCMethod(
            handler: .serverStreaming { bytes, sink, context in
                try await handler(GRPCCodec.decode(Request.self, from: bytes), GRPCResponseStream(sink: sink), context)
            })
    }

    /// Serves a bidirectional-streaming method: requests as the client sends them (ending at
    /// its half-close), responses whenever the handler sends them; the call ends when the
    /// handler returns (OK) or throws (its status).
    public mutating func bidirectionalStreaming<Request: SwiftProtobuf.Message, Response: SwiftProtobuf.Message>(
        _ path: String, _ request: Request.Type, _ response: Response.Type,
        _ handler: @escaping @Sendable (GRPCRequestStream<Request>, GRPCResponseStream<Response>, GRPCCallContext) async throws -> Void
    ) {
        self.methods[path] = GRPCMethod(
            handler: .bidirectionalStreaming { reader, sink, context in
                try await handler(GRPCRequestStream(reader: reader), GRPCResponseStream(sink: sink), context)
            })
    }

    /// The paths served, sorted (for logs and tests).
    public var paths: [String] { self.methods.keys.sorted() }
}
