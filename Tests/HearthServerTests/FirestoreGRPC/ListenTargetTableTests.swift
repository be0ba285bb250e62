import HearthFirestore
import HearthHTTP
import Testing

@testable import HearthServer

/// The Listen stream's order of messages, without a socket: openings before deliveries,
/// global snapshots after each and never going back, target ids.
@Suite struct ListenTargetTableTests {
    private func time(_ seconds: Int64) -> Timestamp { Timestamp(seconds: seconds) }

    /// The outgoing items as text: the bytes' content, or `global@<seconds>`.
    private func render(_ outgoing: [ListenTargetTable.Outgoing]) -> [String] {
        outgoing.map { item in
            switch item {
            case .bytes(let bytes): String(decoding: bytes.bytes, as: UTF8.self)
            case .globalSnapshot(let time): "global@\(time.seconds)"
            }
        }
    }

    private func bytes(_ text: String) -> SharedBytes { SharedBytes(Array(text.utf8)) }

    @Test func deliveriesWaitForTheOpeningThenFollowIt() throws {
        var table = ListenTargetTable()
        let id = try table.add(4)
        #expect(id == 4)
        let parked1 = table.deliver(self.bytes("d1"), readTime: self.time(11), target: 4)
        let parked2 = table.deliver(self.bytes("d2"), readTime: self.time(12), target: 4)
        #expect(parked1.isEmpty)
        #expect(parked2.isEmpty)
        let opened = table.opened(4, opening: self.bytes("open"), readTime: self.time(10))
        #expect(self.render(opened) == ["open", "global@10", "d1", "global@11", "d2", "global@12"])
        let later = table.deliver(self.bytes("d3"), readTime: self.time(13), target: 4)
        #expect(self.render(later) == ["d3", "global@13"])
    }

    @Test func globalSnapshotsNeverGoBack() throws {
        var table = ListenTargetTable()
        _ = try table.add(1)
        _ = table.opened(1, opening: self.bytes("a"), readTime: self.time(5))
        _ = try table.add(2)
        let opened = table.opened(2, opening: self.bytes("b"), readTime: self.time(20))
        #expect(self.render(opened) == ["b", "global@20"])
        // A commit made before target 2 opened, delivered to target 1 after it.
        let late = table.deliver(self.bytes("late"), readTime: self.time(15), target: 1)
        #expect(self.render(late) == ["late", "global@20"])
        #expect(table.lastReadTime == self.time(20))
    }

    @Test func idsInUseAndNegativeIdsAreRefused() throws {
        var table = ListenTargetTable()
        _ = try table.add(1)
        #expect(throws: FirestoreError.self) { try table.add(1) }
        #expect(throws: FirestoreError.self) { try table.add(-3) }
        let removed = table.remove(1)
        let removedAgain = table.remove(1)
        #expect(removed)
        #expect(!removedAgain)
        let readded = try table.add(1)
        #expect(readded == 1)
    }

    @Test func zeroAsksForAFreeId() throws {
        var table = ListenTargetTable()
        let first = try table.add(0)
        let second = try table.add(0)
        #expect(first > 0)
        #expect(second > 0)
        #expect(first != second)
    }

    @Test func deliveriesForRemovedTargetsAreDropped() throws {
        var table = ListenTargetTable()
        _ = try table.add(9)
        _ = table.opened(9, opening: self.bytes("o"), readTime: self.time(1))
        table.remove(9)
        let dropped = table.deliver(self.bytes("x"), readTime: self.time(2), target: 9)
        let reopened = table.opened(9, opening: self.bytes("o"), readTime: self.time(3))
        #expect(dropped.isEmpty)
        #expect(reopened.isEmpty)
    }
}
