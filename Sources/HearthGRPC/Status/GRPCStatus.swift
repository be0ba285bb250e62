/// How a gRPC call ended: the code and message a client reports, sent in the response's
/// trailers (`grpc-status`, percent-encoded `grpc-message`), and optionally the serialized
/// `google.rpc.Status` some clients read details from (`grpc-status-details-bin`).
///
/// Handlers throw it to end a call with an error; the transport throws it for what it refuses
/// before a handler runs (unknown method, bad framing, oversized or undecodable messages).
public struct GRPCStatus: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: GRPCStatusCode
    /// What happened and what to do, for the client's user.
    public var message: String
    /// A serialized `google.rpc.Status` with the same code and message (and any details),
    /// sent base64-encoded as `grpc-status-details-bin`; nil sends none.
    public var details: [UInt8]?

    public init(_ code: GRPCStatusCode, _ message: String, details: [UInt8]? = nil) {
        self.code = code
        self.message = message
        self.details = details
    }

    /// A call that succeeded.
    public static let ok = GRPCStatus(.ok, "")

    public var description: String { "\(self.code) (\(self.code.rawValue)): \(self.message)" }
}
