import Foundation
import HearthFirestoreProto
import HearthTesting
import SwiftProtobuf
import Testing

/// A gRPC `Listen` call reads its client's requests on the call's one task, when the stream
/// wakes it (`ListenRequests`): requests that arrive together in one DATA frame are all
/// handled, later ones wake the idle call, a refused one ends the call with its status, and a
/// half-close ends it with OK. Driven frame by frame over a raw HTTP/2 connection, since no
/// client library decides how its requests are cut into frames.
@Suite(.timeLimit(.minutes(2)))
struct GRPCListenRequestsTests {
    static let database = GRPCListenBoundTests.database

    /// A length-prefixed `ListenRequest` adding a document target (`id`), or removing `id`.
    static func request(adding path: String? = nil, target id: Int32) throws -> [UInt8] {
        var request = Google_Firestore_V1_ListenRequest()
        request.database = Self.database
        if let path {
            var target = Google_Firestore_V1_Target()
            target.targetID = id
            var documents = Google_Firestore_V1_Target.DocumentsTarget()
            documents.documents = ["\(Self.database)/documents/\(path)"]
            target.documents = documents
            request.addTarget = target
        } else {
            request.removeTarget = id
        }
        return GRPCTransportTests.framed(try request.serializedBytes())
    }

    /// Opens stream 1 with the Listen call's headers and `first` as its first DATA frame.
    static func open(_ server: HearthProcess, first: [UInt8], receiveBufferSize: Int? = nil) throws -> RawHTTPConnection {
        let connection = try RawHTTPConnection(port: server.port, receiveBufferSize: receiveBufferSize)
        try connection.send(
            RawHTTP2Frame.preface + RawHTTP2Frame(type: RawHTTP2Frame.settings).bytes
                + HTTP2Exchange.request(
                    "POST", GRPCTransportTests.service + "Listen",
                    [("content-type", "application/grpc"), ("te", "trailers"), ("authorization", "Bearer owner")], endStream: false
                ).bytes
                + HTTP2Exchange.data(first, endStream: false).bytes)
        return connection
    }

    /// Reads stream 1 to its end: the target ids of its ADD and REMOVE acknowledgements, in
    /// order, and its trailers.
    static func readToEnd(_ connection: RawHTTPConnection) throws -> (adds: [Int32], removes: [Int32], trailers: [String: String]) {
        let (data, blocks) = try connection.readToEnd()
        let trailers = blocks.last ?? [:]
        var adds: [Int32] = []
        var removes: [Int32] = []
        var offset = 0
        while offset + 5 <= data.count {
            let length = data[(offset + 1)..<(offset + 5)].reduce(0) { $0 << 8 | Int($1) }
            let response = try Google_Firestore_V1_ListenResponse(serializedBytes: Array(data[(offset + 5)..<(offset + 5 + length)]))
            if case .targetChange(let change)? = response.responseType {
                if change.targetChangeType == .add { adds += change.targetIds }
                if change.targetChangeType == .remove { removes += change.targetIds }
            }
            offset += 5 + length
        }
        return (adds, removes, trailers)
    }

    @Test func requestsInOneFrameAndLaterOnesAreAllHandledAndARefusedOneEndsTheCall() throws {
        let server = try HearthProcess([])
        // Three adds in the call's first DATA frame: the call reads the first, then the two
        // already there, without waiting for more bytes.
        let connection = try Self.open(
            server, first: try Self.request(adding: "a/1", target: 1) + Self.request(adding: "a/2", target: 2) + Self.request(adding: "a/3", target: 3))
        defer { connection.close() }
        _ = try server.waitForListenerCounts(project: "grpc", "the three targets of one DATA frame registered") { $0.listeners == 3 }
        // Later requests wake the idle call.
        try connection.send(HTTP2Exchange.data(try Self.request(target: 2), endStream: false).bytes)
        _ = try server.waitForListenerCounts(project: "grpc", "target 2 removed") { $0.listeners == 2 }
        try connection.send(HTTP2Exchange.data(try Self.request(adding: "a/4", target: 4), endStream: false).bytes)
        _ = try server.waitForListenerCounts(project: "grpc", "target 4 registered") { $0.listeners == 3 }
        // Target 4 is in use: the call ends with INVALID_ARGUMENT, and every target leaves.
        try connection.send(HTTP2Exchange.data(try Self.request(adding: "a/5", target: 4), endStream: false).bytes)
        let (adds, removes, trailers) = try Self.readToEnd(connection)
        #expect(adds == [1, 2, 3, 4])
        #expect(removes == [2])
        #expect(trailers["grpc-status"] == "3", "trailers: \(trailers)")
        #expect(trailers["grpc-message"]?.contains("4") == true, "trailers: \(trailers)")
        _ = try server.waitForListenerCounts(project: "grpc", "every target gone with its call") { $0.listeners == 0 && $0.streams == 0 }
    }

    @Test func aHalfCloseEndsTheCallWithOK() throws {
        let server = try HearthProcess([])
        let connection = try Self.open(server, first: try Self.request(adding: "b/1", target: 1))
        defer { connection.close() }
        _ = try server.waitForListenerCounts(project: "grpc", "the target registered") { $0.listeners == 1 }
        try connection.send(HTTP2Exchange.data([], endStream: true).bytes)
        let (adds, _, trailers) = try Self.readToEnd(connection)
        #expect(adds == [1])
        #expect(trailers["grpc-status"] == "0", "trailers: \(trailers)")
        _ = try server.waitForListenerCounts(project: "grpc", "the target gone with its call") { $0.listeners == 0 && $0.streams == 0 }
    }
}
