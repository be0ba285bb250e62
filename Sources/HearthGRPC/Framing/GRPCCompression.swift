import CompressNIO
import NIOCore

/// The message encodings a call may use (`grpc-encoding`): `identity` and `gzip` (what gRPC
/// clients offer by default). Responses are never compressed (loopback gains nothing from it).
enum GRPCCompression: String, Sendable {
    case identity
    case gzip

    /// What the server answers in `grpc-accept-encoding`.
    static let accepted = "identity,gzip"

    /// The encoding `grpc-encoding` names (absent: identity).
    /// - Throws: UNIMPLEMENTED for another one, as gRPC's protocol asks.
    init(header: String?) throws(GRPCStatus) {
        guard let header, !header.isEmpty else {
            self = .identity
            return
        }
        guard let encoding = GRPCCompression(rawValue: header.lowercased()) else {
            throw GRPCStatus(
                .unimplemented, "Message encoding \"\(header)\" is not supported; use one of \(Self.accepted).")
        }
        self = encoding
    }

    /// The message a frame carries, inflated when its compressed flag is set.
    /// - Throws: INTERNAL for a compressed flag with no `grpc-encoding` or corrupt gzip data,
    ///   RESOURCE_EXHAUSTED when it inflates past `limit` bytes (a zip bomb stops there).
    func message(of frame: GRPCMessageDeframer.Frame, limit: Int) throws(GRPCStatus) -> [UInt8] {
        guard frame.compressed else { return frame.payload }
        guard self == .gzip else {
            throw GRPCStatus(.internal, "Compressed message received without grpc-encoding; send grpc-encoding: gzip with it.")
        }
        var buffer = ByteBuffer(bytes: frame.payload)
        let inflated: ByteBuffer
        do {
            inflated = try buffer.decompress(with: .gzip(), maxSize: limit + 1)
        } catch let error as CompressNIOError where error == .bufferOverflow {
            throw GRPCStatus(
                .resourceExhausted, "Received message larger than max (more than \(limit) bytes once decompressed); send smaller messages.")
        } catch {
            throw GRPCStatus(.internal, "Could not decompress a gzip message: \(error).")
        }
        guard inflated.readableBytes <= limit else {
            throw GRPCStatus(
                .resourceExhausted, "Received message larger than max (\(inflated.readableBytes) vs. \(limit) once decompressed); send smaller messages.")
        }
        return Array(inflated.readableBytesView)
    }
}
