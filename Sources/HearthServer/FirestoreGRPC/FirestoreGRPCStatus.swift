import HearthFirestore
import HearthFirestoreProto
import SwiftProtobuf
import HearthGRPC

/// The one place where anything that goes wrong in a Firestore gRPC call becomes a gRPC
/// status: the same codes and messages as the REST API's errors (`FirestoreErrorResponse`),
/// with the `google.rpc.Status` in `grpc-status-details-bin` as Google's servers send it.
enum FirestoreGRPCStatus {
    static func status(of error: any Error) -> GRPCStatus {
        switch error {
        case let error as FirestoreError:
            return self.status(error)
        case let error as IdentityError:
            switch error.kind {
            case .invalidCredential, .expired: return self.status(FirestoreError.unauthenticated(error.message))
            case .forbidden: return self.status(FirestoreError.permissionDenied(error.message))
            }
        case let status as GRPCStatus:
            return status
        default:
            return self.status(
                FirestoreError.internal("Internal error: \(error). This is a bug in Hearth; please report it with the request that caused it."))
        }
    }

    static func status(_ error: FirestoreError) -> GRPCStatus {
        let code = GRPCStatusCode(rawValue: error.code.grpcNumber) ?? .unknown
        var details = Google_Rpc_Status()
        details.code = Int32(code.rawValue)
        details.message = error.message
        return GRPCStatus(code, error.message, details: try? details.serializedBytes())
    }
}
