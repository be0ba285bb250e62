/// One method a ``GRPCRouter`` serves, its messages already type-erased to bytes: the router's
/// typed `unary`/`serverStreaming`/`bidirectionalStreaming` wrap the handler with the decode
/// and encode of its message types.
struct GRPCMethod: Sendable {
    enum Handler: Sendable {
        /// One request in, one response out.
        case unary(@Sendable (_ request: [UInt8], _ context: GRPCCallContext) async throws -> [UInt8])
        /// One request in, responses sent as they are made.
        case serverStreaming(
            @Sendable (_ request: [UInt8], _ responses: GRPCResponseSink, _ context: GRPCCallContext) async throws -> Void)
        /// Requests read and responses sent in any interleaving.
        case bidirectionalStreaming(
            @Sendable (_ requests: GRPCRequestReader, _ responses: GRPCResponseSink, _ context: GRPCCallContext) async throws -> Void)
    }

    let handler: Handler
}
