import HearthFirestore
import HearthFirestoreProto
import HearthGRPC

extension FirestoreGRPCService {
    /// Listen and Write, the bidirectional streams the mobile SDKs drive
    /// (`FirestoreGRPCService+Listen`, `FirestoreGRPCService+Write`). The caller is checked
    /// first, like every method.
    func registerStreams(on router: inout GRPCRouter) {
        router.bidirectionalStreaming(
            Self.prefix + "Listen", Google_Firestore_V1_ListenRequest.self, Google_Firestore_V1_ListenResponse.self
        ) { requests, responses, context in
            try await self.listenStream(requests, responses, self.call(context))
        }
        router.bidirectionalStreaming(
            Self.prefix + "Write", Google_Firestore_V1_WriteRequest.self, Google_Firestore_V1_WriteResponse.self
        ) { requests, responses, context in
            try await self.writeStream(requests, responses, self.call(context))
        }
    }
}
