import Foundation
import HearthFirestore
import HearthFirestoreProto

/// An `add_target`'s `google.firestore.v1.Target` as the service's `ListenRequest`: a query
/// target (`parent` + `structured_query`, authorized as `list`) or a documents target (full
/// names, authorized as `get` on each), and where to resume from: `resume_token` (a
/// `ListenResumeToken`; bytes that are not one resume from nothing known, so the client gets a
/// RESET and a full resend) or `read_time`. The gRPC twin of the REST `:listen` body decoding.
enum ProtoListenTarget {
    static func decode(_ target: Google_Firestore_V1_Target, _ call: FirestoreGRPCCall) throws(FirestoreError) -> ListenRequest {
        let resume: Timestamp?
        switch target.resumeType {
        case .resumeToken(let token)?:
            resume = token.isEmpty ? nil : (ListenResumeToken.decode(token) ?? .min)
        case .readTime(let time)?:
            resume = try ProtoValueCodec.timestamp(time, at: "add_target.read_time")
        case nil:
            resume = nil
        }
        switch target.targetType {
        case .query(let query)?:
            let (database, parent) = try call.parent(query.parent, field: "add_target.query.parent")
            guard case .structuredQuery(let structured)? = query.queryType else {
                throw .invalidArgument("add_target.query needs a structured_query.")
            }
            let decoded = try ProtoQueryCodec.decode(structured, parent: parent, at: "add_target.query.structured_query")
            return ListenRequest(database: database, target: try .listening(to: decoded), access: .query(decoded), resumeToken: resume)
        case .documents(let documents)?:
            guard let first = documents.documents.first else {
                throw .invalidArgument("add_target.documents needs at least one document name.")
            }
            let database = try call.document(first, field: "add_target.documents.documents[0]").database
            var paths: [DocumentPath] = []
            for (index, name) in documents.documents.enumerated() {
                paths.append(try ProtoDocumentCodec.path(name, in: database, at: "add_target.documents.documents[\(index)]"))
            }
            return ListenRequest(
                database: database, target: ListenTarget.documents(normalizing: paths), access: .get(paths), resumeToken: resume)
        case nil:
            throw .invalidArgument("add_target needs a query or a documents target (pipeline targets are not served by Hearth).")
        }
    }
}
