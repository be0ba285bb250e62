import SwiftProtobuf

/// Protobuf messages to and from bytes, with transport-appropriate errors: an undecodable
/// request is the client's INTERNAL error (what grpc-core reports for a message it cannot
/// parse), a response that cannot be encoded is the server's.
enum GRPCCodec {
    static func decode<Message: SwiftProtobuf.Message>(_ type: Message.Type, from bytes: [UInt8]) throws(GRPCStatus) -> Message {
        do {
            return try Message(serializedBytes: bytes)
        } catch {
            throw GRPCStatus(.internal, "Could not parse the request as \(Message.protoMessageName): \(error).")
        }
    }

    static func encode(_ message: some SwiftProtobuf.Message) throws(GRPCStatus) -> [UInt8] {
        do {
            return try message.serializedBytes()
        } catch {
            throw GRPCStatus(.internal, "Could not serialize the response \(type(of: message).protoMessageName): \(error).")
        }
    }
}
