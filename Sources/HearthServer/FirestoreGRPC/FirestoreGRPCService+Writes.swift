import Foundation
import HearthFirestore
import HearthFirestoreProto
import HearthGRPC
import SwiftProtobuf

extension FirestoreGRPCService {
    func registerWrites(on router: inout GRPCRouter) {
        router.unary(Self.prefix + "Commit", Google_Firestore_V1_CommitRequest.self, Google_Firestore_V1_CommitResponse.self) {
            request, context in try await self.commit(request, self.call(context))
        }
        router.unary(Self.prefix + "BatchWrite", Google_Firestore_V1_BatchWriteRequest.self, Google_Firestore_V1_BatchWriteResponse.self) {
            request, context in try await self.batchWrite(request, self.call(context))
        }
        router.unary(
            Self.prefix + "BeginTransaction", Google_Firestore_V1_BeginTransactionRequest.self, Google_Firestore_V1_BeginTransactionResponse.self
        ) { request, context in try self.beginTransaction(request, self.call(context)) }
        router.unary(Self.prefix + "Rollback", Google_Firestore_V1_RollbackRequest.self, Google_Protobuf_Empty.self) {
            request, context in try self.rollback(request, self.call(context))
        }
    }

    /// Commit: the writes, atomically (in the transaction when one is named).
    func commit(_ request: Google_Firestore_V1_CommitRequest, _ call: FirestoreGRPCCall) async throws -> Google_Firestore_V1_CommitResponse {
        let database = try call.database(request.database, field: "database")
        let commit = CommitRequest(
            database: database, writes: try ProtoWriteCodec.decode(request.writes, in: database),
            transaction: request.transaction.isEmpty ? nil : try ProtoConsistency.transactionID(request.transaction, at: "transaction"))
        let result = try await self.service.commit(commit, caller: call.caller)
        var response = Google_Firestore_V1_CommitResponse()
        response.writeResults = result.writeResults.map(ProtoWriteCodec.encode)
        response.commitTime = ProtoValueCodec.encode(result.commitTime)
        return response
    }

    /// BatchWrite: each write on its own, a `google.rpc.Status` per write (code 0 for success).
    func batchWrite(_ request: Google_Firestore_V1_BatchWriteRequest, _ call: FirestoreGRPCCall) async throws -> Google_Firestore_V1_BatchWriteResponse {
        let database = try call.database(request.database, field: "database")
        let batch = BatchWriteRequest(database: database, writes: try ProtoWriteCodec.decode(request.writes, in: database))
        let result = try await self.service.batchWrite(batch, caller: call.caller)
        var response = Google_Firestore_V1_BatchWriteResponse()
        response.writeResults = result.writeResults.map(ProtoWriteCodec.encode)
        response.status = result.statuses.map { error in
            var status = Google_Rpc_Status()
            if let error {
                status.code = Int32(error.code.grpcNumber)
                status.message = error.message
            }
            return status
        }
        return response
    }

    /// BeginTransaction: read-write unless `options.read_only`.
    func beginTransaction(
        _ request: Google_Firestore_V1_BeginTransactionRequest, _ call: FirestoreGRPCCall
    ) throws -> Google_Firestore_V1_BeginTransactionResponse {
        let database = try call.database(request.database, field: "database")
        let mode = request.hasOptions ? try ProtoConsistency.decode(request.options) : .readWrite
        let id = try self.service.beginTransaction(BeginTransactionRequest(database: database, mode: mode), caller: call.caller)
        var response = Google_Firestore_V1_BeginTransactionResponse()
        response.transaction = Data(id.bytes)
        return response
    }

    /// Rollback: an unknown or expired transaction is INVALID_ARGUMENT.
    func rollback(_ request: Google_Firestore_V1_RollbackRequest, _ call: FirestoreGRPCCall) throws -> Google_Protobuf_Empty {
        let database = try call.database(request.database, field: "database")
        let rollback = RollbackRequest(database: database, transaction: try ProtoConsistency.transactionID(request.transaction, at: "transaction"))
        try self.service.rollback(rollback, caller: call.caller)
        return Google_Protobuf_Empty()
    }
}
