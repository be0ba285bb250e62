import Foundation
import HearthFirestore
import HearthFirestoreProto
import HearthGRPC
import SwiftProtobuf

/// One Listen target's events as `google.firestore.v1.ListenResponse` messages, serialized
/// and length-prefixed, ready for the call's body: the gRPC twin of `SSEEncoder`.
///
/// A snapshot of target `t` becomes, in order: `TargetChange RESET [t]` for a full snapshot
/// that replaces the client's, one `DocumentChange{document, target_ids:[t]}` per document
/// added or modified (with its update time), one `DocumentDelete` (document targets: the
/// document was deleted) or `DocumentRemove` (queries: it left the result) per document gone,
/// then `TargetChange NO_CHANGE [t]` with the target's resume token. The global snapshot that
/// makes a client raise it (`TargetChange NO_CHANGE`, no target ids, a read time) is per
/// stream, not per target, and comes from `ListenTargetTable`. A target's opening adds
/// `CURRENT` (and, after a resume, an `ExistenceFilter` with the result's size).
///
/// An `error` is the target's end: `TargetChange REMOVE [t]` with the error as its `cause`
/// (a `google.rpc.Status`), which the SDKs report to that listener ("rules are not filters").
/// RESOURCE_EXHAUSTED is the exception: it means the whole stream fell behind, which gRPC
/// says with the call's status (the SDKs reconnect and resume), so it encodes to nothing here.
///
/// Sharing: the bytes depend on the snapshot, the target id and the kind of target only, so
/// every stream listening to one query under the same target id shares one encoding per commit
/// (`sharingKey`).
struct ListenResponseEncoder: SessionEncoder {
    /// The client's id for the target; nil for the stream itself (keep-alives: nothing).
    let targetID: Int32?
    /// Document targets report a document gone as deleted, queries as removed.
    let documentTarget: Bool

    /// Made once per target, not per delivery: the fan-out reads it for every stream of a commit.
    let sharingKey: String

    init(targetID: Int32?, documentTarget: Bool = false) {
        self.targetID = targetID
        self.documentTarget = documentTarget
        if let targetID {
            self.sharingKey = "grpc/\(targetID)/\(documentTarget ? "d" : "q")"
        } else {
            self.sharingKey = "grpc/stream"
        }
    }

    func encode(_ event: SessionEvent) -> [UInt8] {
        guard let targetID else { return [] }
        switch event {
        case .snapshot(let snapshot, let database):
            return Self.frame(self.messages(snapshot, in: database, target: targetID))
        case .error(let error):
            guard error.code != .resourceExhausted else { return [] }
            return Self.frame([Self.targetChange(.remove, [targetID], cause: error)])
        case .changes, .cancel, .revoked, .keepAlive:
            return []
        }
    }

    /// The opening of a target just added: its first snapshot, then CURRENT with its resume
    /// token, preceded by the existence filter when it resumed (`resumed`).
    func opening(_ snapshot: ListenSnapshot, in database: DatabaseID, resumed: Bool) -> [UInt8] {
        guard let targetID else { return [] }
        var messages = self.messages(snapshot, in: database, target: targetID, tokenChange: false)
        if resumed, snapshot.kind == .delta {
            var filter = Google_Firestore_V1_ExistenceFilter()
            filter.targetID = targetID
            filter.count = Int32(clamping: snapshot.size)
            var response = Google_Firestore_V1_ListenResponse()
            response.filter = filter
            messages.append(response)
        }
        messages.append(Self.targetChange(.current, [targetID], token: snapshot.resumeToken))
        return Self.frame(messages)
    }

    /// An acknowledgement: `ADD [t]` or `REMOVE [t]`, no cause.
    static func ack(_ type: Google_Firestore_V1_TargetChange.TargetChangeType, _ targetID: Int32) -> [UInt8] {
        Self.frame([Self.targetChange(type, [targetID])])
    }

    /// The global snapshot: `NO_CHANGE`, no target ids, `readTime` (and it as resume token).
    static func globalSnapshot(at readTime: Timestamp) -> [UInt8] {
        var change = Self.targetChange(.noChange, [], token: readTime)
        change.targetChange.readTime = ProtoValueCodec.encode(readTime)
        return Self.frame([change])
    }

    private func messages(
        _ snapshot: ListenSnapshot, in database: DatabaseID, target: Int32, tokenChange: Bool = true
    ) -> [Google_Firestore_V1_ListenResponse] {
        var messages: [Google_Firestore_V1_ListenResponse] = []
        messages.reserveCapacity(snapshot.changes.count + 2)
        if snapshot.kind == .reset { messages.append(Self.targetChange(.reset, [target])) }
        for change in snapshot.changes {
            var response = Google_Firestore_V1_ListenResponse()
            switch change.kind {
            case .added, .modified:
                var documentChange = Google_Firestore_V1_DocumentChange()
                documentChange.document = ProtoDocumentCodec.encode(change.document, in: database)
                documentChange.targetIds = [target]
                response.documentChange = documentChange
            case .removed:
                let name = DocumentName(database: database, path: change.document.path).description
                if self.documentTarget {
                    var delete = Google_Firestore_V1_DocumentDelete()
                    delete.document = name
                    delete.removedTargetIds = [target]
                    delete.readTime = ProtoValueCodec.encode(snapshot.readTime)
                    response.documentDelete = delete
                } else {
                    var remove = Google_Firestore_V1_DocumentRemove()
                    remove.document = name
                    remove.removedTargetIds = [target]
                    remove.readTime = ProtoValueCodec.encode(snapshot.readTime)
                    response.documentRemove = remove
                }
            }
            messages.append(response)
        }
        if tokenChange { messages.append(Self.targetChange(.noChange, [target], token: snapshot.resumeToken)) }
        return messages
    }

    private static func targetChange(
        _ type: Google_Firestore_V1_TargetChange.TargetChangeType, _ targetIDs: [Int32], token: Timestamp? = nil,
        cause: FirestoreError? = nil
    ) -> Google_Firestore_V1_ListenResponse {
        var change = Google_Firestore_V1_TargetChange()
        change.targetChangeType = type
        change.targetIds = targetIDs
        if let token { change.resumeToken = Data(ListenResumeToken.encode(token)) }
        if let cause {
            var status = Google_Rpc_Status()
            status.code = Int32(cause.code.grpcNumber)
            status.message = cause.message
            change.cause = status
        }
        var response = Google_Firestore_V1_ListenResponse()
        response.targetChange = change
        return response
    }

    /// Messages framed back to back (a message that cannot be serialized, which generated
    /// messages with valid fields never are, is left out).
    private static func frame(_ messages: [Google_Firestore_V1_ListenResponse]) -> [UInt8] {
        var bytes: [UInt8] = []
        for message in messages {
            if let framed = try? GRPCResponseStream<Google_Firestore_V1_ListenResponse>.frame(message) { bytes += framed }
        }
        return bytes
    }
}
