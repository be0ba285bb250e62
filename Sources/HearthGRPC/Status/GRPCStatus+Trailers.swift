import HearthHTTP

extension GRPCStatus {
    /// The status as trailer fields: `grpc-status`, `grpc-message` (percent-encoded UTF-8,
    /// gRPC's HTTP/2 protocol) and `grpc-status-details-bin` (unpadded base64) when details
    /// are given.
    var trailers: HTTPHeaders {
        var fields: HTTPHeaders = ["grpc-status": String(self.code.rawValue)]
        if !self.message.isEmpty {
            fields.add(name: "grpc-message", value: UnimplementedHTTP2Responder.percentEncoded(self.message))
        }
        if let details = self.details {
            fields.add(name: "grpc-status-details-bin", value: GRPCMetadata.base64(details))
        }
        return fields
    }
}
