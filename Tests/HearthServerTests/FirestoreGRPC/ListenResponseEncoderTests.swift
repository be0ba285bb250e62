import Foundation
import HearthFirestore
import HearthFirestoreProto
import SwiftProtobuf
import Testing

@testable import HearthServer

/// A target's snapshots as ListenResponse messages, decoded back as a client reads them.
@Suite struct ListenResponseEncoderTests {
    private let database = try! DatabaseID(project: "demo")

    /// The length-prefixed messages in `bytes`.
    private func decode(_ bytes: [UInt8]) throws -> [Google_Firestore_V1_ListenResponse] {
        var messages: [Google_Firestore_V1_ListenResponse] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            #expect(rest.count >= 5)
            #expect(rest[rest.startIndex] == 0)
            let length = rest.dropFirst().prefix(4).reduce(0) { $0 << 8 | Int($1) }
            let body = rest.dropFirst(5).prefix(length)
            messages.append(try Google_Firestore_V1_ListenResponse(serializedBytes: Array(body)))
            rest = rest.dropFirst(5 + length)
        }
        return messages
    }

    private func summary(_ messages: [Google_Firestore_V1_ListenResponse]) -> [String] {
        messages.map { message in
            switch message.responseType {
            case .targetChange(let change)?: "\(change.targetChangeType)\(change.targetIds)"
            case .documentChange(let change)?: "change \(change.document.name.split(separator: "/").last ?? "") \(change.targetIds)"
            case .documentDelete(let delete)?: "delete \(delete.document.split(separator: "/").last ?? "") \(delete.removedTargetIds)"
            case .documentRemove(let remove)?: "remove \(remove.document.split(separator: "/").last ?? "") \(remove.removedTargetIds)"
            case .filter(let filter)?: "filter \(filter.targetID) \(filter.count)"
            case nil: "empty"
            }
        }
    }

    private func document(_ id: String, at seconds: Int64) throws -> Document {
        Document(
            path: try DocumentPath(segments: ["rooms", id]), fields: MapValue(fields: ["n": .integer(1)]),
            createTime: Timestamp(seconds: 1), updateTime: Timestamp(seconds: seconds))
    }

    @Test func aDeltaOfAQuery() throws {
        let snapshot = ListenSnapshot(
            kind: .delta, readTime: Timestamp(seconds: 30),
            changes: [
                ListenChange(kind: .removed, document: try self.document("a", at: 10), oldIndex: 0, newIndex: -1),
                ListenChange(kind: .added, document: try self.document("b", at: 30), oldIndex: -1, newIndex: 0),
            ], size: 1)
        let messages = try self.decode(ListenResponseEncoder(targetID: 3).encode(.snapshot(snapshot, database: self.database)))
        #expect(self.summary(messages) == ["remove a [3]", "change b [3]", "noChange[3]"])
        #expect(messages[1].documentChange.document.updateTime.seconds == 30)
        #expect(ListenResumeToken.decode(messages[2].targetChange.resumeToken) == Timestamp(seconds: 30))
    }

    @Test func aDocumentTargetReportsDeletes() throws {
        let snapshot = ListenSnapshot(
            kind: .delta, readTime: Timestamp(seconds: 40),
            changes: [ListenChange(kind: .removed, document: try self.document("a", at: 10), oldIndex: 0, newIndex: -1)], size: 0)
        let messages = try self.decode(ListenResponseEncoder(targetID: 2, documentTarget: true).encode(.snapshot(snapshot, database: self.database)))
        #expect(self.summary(messages) == ["delete a [2]", "noChange[2]"])
        #expect(messages[0].documentDelete.readTime.seconds == 40)
    }

    @Test func openingsAndResets() throws {
        let encoder = ListenResponseEncoder(targetID: 5)
        let reset = ListenSnapshot(
            kind: .reset, readTime: Timestamp(seconds: 50),
            changes: [ListenChange(kind: .added, document: try self.document("a", at: 10), oldIndex: -1, newIndex: 0)], size: 1)
        #expect(self.summary(try self.decode(encoder.opening(reset, in: self.database, resumed: true))) == ["reset[5]", "change a [5]", "current[5]"])
        let resumed = ListenSnapshot(kind: .delta, readTime: Timestamp(seconds: 50), changes: [], size: 4)
        #expect(self.summary(try self.decode(encoder.opening(resumed, in: self.database, resumed: true))) == ["filter 5 4", "current[5]"])
    }

    @Test func errorsRemoveTheTargetWithACauseExceptFallingBehind() throws {
        let encoder = ListenResponseEncoder(targetID: 8)
        let removed = try self.decode(encoder.encode(.error(.permissionDenied("Missing or insufficient permissions."))))
        #expect(self.summary(removed) == ["remove[8]"])
        #expect(removed[0].targetChange.cause.code == 7)
        #expect(encoder.encode(.error(.resourceExhausted("behind"))).isEmpty)
        #expect(encoder.encode(.keepAlive).isEmpty)
    }

    @Test func theGlobalSnapshotHasNoTargetsAndAReadTime() throws {
        let messages = try self.decode(ListenResponseEncoder.globalSnapshot(at: Timestamp(seconds: 60, nanos: 5)))
        #expect(self.summary(messages) == ["noChange[]"])
        #expect(messages[0].targetChange.readTime.seconds == 60)
        #expect(messages[0].targetChange.readTime.nanos == 5)
    }
}
