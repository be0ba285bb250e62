import Foundation
import HearthFirestore
import HearthFirestoreProto
import HearthGRPC
import Synchronization

extension FirestoreGRPCService {
    /// Ids for write streams, unique within the process (the token embeds it).
    private static let writeStreams = Atomic<UInt64>(0)

    /// `Write`: the bidirectional stream the mobile SDKs send every set, update, delete and
    /// batch on (`WriteStreamStateMachine` says what each request means). Each batch is one
    /// `Commit` through the service (rules, preconditions, transforms, durability), answered
    /// in order with one result per write, one transform result per transform, the commit time
    /// and the next token. A batch the service refuses ends the stream with its status:
    /// INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, PERMISSION_DENIED, FAILED_PRECONDITION are
    /// permanent to the SDKs (they drop the batch and report it), ABORTED, UNAVAILABLE and
    /// RESOURCE_EXHAUSTED transient (they reconnect and send it again).
    ///
    /// Cost: one request in memory at a time (the transport bounds its size); batches are
    /// committed one after the other, as the client expects their responses in order.
    func writeStream(
        _ requests: GRPCRequestStream<Google_Firestore_V1_WriteRequest>, _ responses: GRPCResponseStream<Google_Firestore_V1_WriteResponse>,
        _ call: FirestoreGRPCCall
    ) async throws {
        let number = Self.writeStreams.wrappingAdd(1, ordering: .relaxed).newValue
        var machine = WriteStreamStateMachine(streamID: "w\(number)")
        var database: DatabaseID?
        for try await request in requests {
            let action = machine.receive(
                .init(database: request.database, streamID: request.streamID, streamToken: Array(request.streamToken), writeCount: request.writes.count))
            switch action {
            case .handshake(let streamID, let token):
                database = try call.database(request.database, field: "database")
                var response = Google_Firestore_V1_WriteResponse()
                response.streamID = streamID
                response.streamToken = Data(token)
                try await responses.send(response)
            case .commit(let token):
                let commit = try self.writeBatch(request, stream: database, call)
                let result: Google_Firestore_V1_CommitResponse
                do {
                    result = try await self.commit(commit, call)
                } catch {
                    machine.fail()
                    throw error
                }
                var response = Google_Firestore_V1_WriteResponse()
                response.streamToken = Data(token)
                response.writeResults = result.writeResults
                response.commitTime = result.commitTime
                try await responses.send(response)
            case .ignore:
                continue
            case .fail(let error):
                throw error
            }
        }
    }

    /// The Commit a batch on the stream stands for: its writes, in the stream's database (a
    /// request may repeat the database; naming another is refused).
    private func writeBatch(
        _ request: Google_Firestore_V1_WriteRequest, stream database: DatabaseID?, _ call: FirestoreGRPCCall
    ) throws(FirestoreError) -> Google_Firestore_V1_CommitRequest {
        if let database, !request.database.isEmpty, try call.database(request.database, field: "database") != database {
            throw .invalidArgument(
                "This write stream was opened for \(database.name); a request named \(request.database). Open a stream per database.")
        }
        var commit = Google_Firestore_V1_CommitRequest()
        commit.database = database?.name ?? request.database
        commit.writes = request.writes
        return commit
    }
}
