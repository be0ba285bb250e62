public import HearthHTTP
import Foundation

/// A call's request metadata: the HTTP/2 header fields a client sent with the call, names in
/// lower case, without gRPC's own transport fields' meaning (those are read by the transport).
/// Binary fields (`…-bin`) are base64 on the wire and decoded by ``binary(_:)``.
public struct GRPCMetadata: Sendable {
    public let headers: HTTPHeaders

    public init(_ headers: HTTPHeaders) {
        self.headers = headers
    }

    /// The first value of the text field `name` (lower case), if sent.
    public subscript(_ name: String) -> String? { self.headers[name] }

    /// The bytes of the binary field `name` (which ends in `-bin`), if sent and valid base64
    /// (padded or not, as gRPC allows).
    public func binary(_ name: String) -> [UInt8]? {
        guard var text = self.headers[name] else { return nil }
        while text.utf8.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text).map { Array($0) }
    }

    /// Unpadded base64, as gRPC sends binary metadata.
    static func base64(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }
}
