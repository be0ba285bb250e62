import HearthFirestore
import HearthFirestoreProto
import HearthGRPC
import Logging

/// The Firestore gRPC API, `google.firestore.v1.Firestore`, as the official SDKs call it
/// (`FIRESTORE_EMULATOR_HOST`, `useEmulator`): every method is an adapter around
/// `FirestoreService`, exactly as the REST routes are. Decode the protobuf request into the
/// service's typed request (`Proto*Codec`), call, encode; errors become statuses in one place
/// (`FirestoreGRPCStatus`).
///
/// | method | kind | service call |
/// |---|---|---|
/// | GetDocument, ListDocuments, CreateDocument, UpdateDocument, DeleteDocument | unary | the document operations |
/// | BatchGetDocuments | server streaming | batchGet, one message per document |
/// | RunQuery, RunAggregationQuery | server streaming | runQuery (one message per document), runAggregationQuery |
/// | BeginTransaction, Commit, Rollback, BatchWrite | unary | the write operations |
/// | PartitionQuery, ListCollectionIds | unary | partitionQuery (one partition), listCollectionIDs |
/// | Listen, Write | bidirectional | `FirestoreGRPCService+Streams` |
/// | ExecutePipeline | server streaming | UNIMPLEMENTED |
struct FirestoreGRPCService: Sendable {
    static let prefix = "/google.firestore.v1.Firestore/"

    let service: FirestoreService
    let identities: IdentityResolver
    let logger: Logger
    /// What the Listen stream shares with the REST listeners (`FirestoreGRPCService+Listen`).
    let listening: ListenWiring

    /// The method table the gRPC responder serves.
    func router() -> GRPCRouter {
        var router = GRPCRouter()
        self.registerDocuments(on: &router)
        self.registerQueries(on: &router)
        self.registerWrites(on: &router)
        self.registerStreams(on: &router)
        return router
    }

    /// The call's caller and database context, identity checked first.
    func call(_ context: GRPCCallContext) throws(IdentityError) -> FirestoreGRPCCall {
        try FirestoreGRPCCall(context, identities: self.identities)
    }
}
