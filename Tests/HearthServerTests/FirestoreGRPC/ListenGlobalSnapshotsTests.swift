import HearthFirestore
import NIOCore
import Testing

@testable import HearthHTTP
@testable import HearthServer

/// What the gRPC Listen streams of one commit share: one global snapshot per read time, and one
/// encoding of a target's snapshot per target id and kind, byte for byte what each stream would
/// have encoded alone.
@Suite struct ListenGlobalSnapshotsTests {
    private func time(_ seconds: Int64) -> Timestamp { Timestamp(seconds: seconds, nanos: 7) }

    /// Where `bytes` are stored: equal for two values sharing one buffer.
    private func storage(_ bytes: SharedBytes) -> UnsafeRawPointer? {
        bytes.buffer.withUnsafeReadableBytes { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func oneReadTimeIsEncodedOnceAndSharedWithTheSameBytes() {
        let cache = ListenGlobalSnapshots()
        let first = cache.bytes(at: self.time(10))
        let again = cache.bytes(at: self.time(10))
        #expect(first.bytes == ListenResponseEncoder.globalSnapshot(at: self.time(10)))
        #expect(self.storage(first) == self.storage(again))
        let next = cache.bytes(at: self.time(11))
        #expect(next.bytes == ListenResponseEncoder.globalSnapshot(at: self.time(11)))
        #expect(next.bytes != first.bytes)
    }

    @Test func anEarlierReadTimeGetsItsOwnBytesAndKeepsTheLatestShared() {
        let cache = ListenGlobalSnapshots()
        let latest = cache.bytes(at: self.time(20))
        let earlier = cache.bytes(at: self.time(5))
        #expect(earlier.bytes == ListenResponseEncoder.globalSnapshot(at: self.time(5)))
        #expect(self.storage(cache.bytes(at: self.time(20))) == self.storage(latest))
    }

    @Test func targetsShareAnEncodingOnlyUnderTheSameIdAndKind() throws {
        let database = try DatabaseID(project: "demo")
        let document = Document(
            path: try DocumentPath(segments: ["rooms", "a"]), fields: MapValue(fields: ["n": .integer(1)]),
            createTime: Timestamp(seconds: 1), updateTime: Timestamp(seconds: 2))
        let snapshot = ListenSnapshot(
            kind: .delta, readTime: Timestamp(seconds: 3), changes: [ListenChange(kind: .added, document: document, oldIndex: -1, newIndex: 0)],
            size: 1)
        let one = ListenResponseEncoder(targetID: 1)
        let sameID = ListenResponseEncoder(targetID: 1)
        let otherID = ListenResponseEncoder(targetID: 2)
        let documentTarget = ListenResponseEncoder(targetID: 1, documentTarget: true)
        #expect(one.sharingKey == sameID.sharingKey)
        #expect(one.sharingKey != otherID.sharingKey)
        #expect(one.sharingKey != documentTarget.sharingKey)
        #expect(one.sharingKey != ListenResponseEncoder(targetID: nil).sharingKey)
        let event = SessionEvent.snapshot(snapshot, database: database)
        #expect(one.encode(event) == sameID.encode(event))
        #expect(one.encode(event) != otherID.encode(event))
    }
}
