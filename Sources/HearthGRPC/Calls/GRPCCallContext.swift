public import HearthHTTP

/// What a handler knows of its call besides the messages: the method, the client's metadata
/// (`authorization`, `google-cloud-resource-prefix`, …), its address and the deadline.
public struct GRPCCallContext: Sendable {
    /// `/package.Service/Method`.
    public let method: String
    public let metadata: GRPCMetadata
    /// The client's address; nil when unknown.
    public let remoteAddress: RemoteAddress?
    /// When the transport ends the call with DEADLINE_EXCEEDED (`grpc-timeout`); nil for none.
    public let deadline: ContinuousClock.Instant?

    public init(method: String, metadata: GRPCMetadata, remoteAddress: RemoteAddress?, deadline: ContinuousClock.Instant?) {
        self.method = method
        self.metadata = metadata
        self.remoteAddress = remoteAddress
        self.deadline = deadline
    }
}
