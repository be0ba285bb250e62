import Foundation
import HearthFirestoreProto
import HearthTesting
import SwiftProtobuf
import Testing

/// A gRPC `Listen` client that stops reading (it grants no HTTP/2 flow-control window beyond
/// the first 64 KiB) is cut off by the server's `--stream-buffer` bound instead of being
/// buffered for, and its call ends with RESOURCE_EXHAUSTED (which the SDKs treat as transient:
/// they reconnect and resume) once it reads again.
@Suite(.timeLimit(.minutes(2)))
struct GRPCListenBoundTests {
    static let database = "projects/grpc/databases/(default)"

    /// One WINDOW_UPDATE frame granting `increment` bytes on `stream` (0: the connection).
    static func windowUpdate(_ increment: UInt32, stream: UInt32) -> RawHTTP2Frame {
        RawHTTP2Frame(
            type: 0x8, stream: stream,
            payload: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: increment >> $0) })
    }

    static func listenRequest(_ path: String) throws -> [UInt8] {
        var request = Google_Firestore_V1_ListenRequest()
        request.database = Self.database
        var target = Google_Firestore_V1_Target()
        target.targetID = 1
        var documents = Google_Firestore_V1_Target.DocumentsTarget()
        documents.documents = ["\(Self.database)/documents/\(path)"]
        target.documents = documents
        request.addTarget = target
        return GRPCTransportTests.framed(try request.serializedBytes())
    }

    @Test func aStalledListenReaderIsCutOffWithResourceExhausted() throws {
        let server = try HearthProcess(["--stream-buffer", "256K", "--keep-alive", "3600", "--idle-timeout", "3600"])
        let bulk = String(repeating: "x", count: 200 * 1024)
        func write(_ index: Int) throws -> Int {
            try server.request(
                "PATCH", documentsURL("grpc", "big/one"),
                body: #"{"fields":{"n":{"integerValue":"\#(index)"},"bulk":{"stringValue":"\#(bulk)"}}}"#
            ).status
        }
        #expect(try write(0) == 200)
        let connection = try GRPCListenRequestsTests.open(server, first: try Self.listenRequest("big/one"), receiveBufferSize: 4096)
        defer { connection.close() }
        _ = try server.waitForListenerCounts(project: "grpc", "the Listen call's target registered") { $0.listeners == 1 }
        // The client reads nothing more: each write's 200 KiB snapshot piles up on the server
        // until the stream holds more than its bound, and the call is cut off.
        var writes = 0
        while try server.listenerCounts(project: "grpc").listeners > 0 {
            try #require(writes < 60, "the stalled Listen call was not cut off within 60 writes")
            writes += 1
            #expect(try write(writes) == 200)
        }
        // Reading again (and granting window), the client gets what it was sent, then the status.
        try connection.send(Self.windowUpdate(1 << 30, stream: 0).bytes + Self.windowUpdate(1 << 30, stream: 1).bytes)
        let (bytes, blocks) = try connection.readToEnd()
        let data = bytes.count
        #expect(blocks.first?[":status"] == "200")
        #expect(blocks.count == 2)
        #expect(blocks.last?["grpc-status"] == "8")
        #expect(blocks.last?["grpc-message"]?.contains("behind") == true)
        // What was sent before the cut-off stays within the bound plus one snapshot and the
        // stream's window and outbound buffer (64 KiB each by default).
        #expect(data <= 256 * 1024 + 2 * 205 * 1024 + 128 * 1024, "sent \(data) bytes before the status")
    }
}
