import HearthFirestore
import Testing

@Suite struct DocumentStoreCommitTests {
    let clock = ManualClock()
    var store: DocumentStore { DocumentStore(database: Fixture.database, now: self.clock.now) }

    @Test func aFailedWriteLeavesTheWholeCommitUnapplied() throws {
        let store = self.store
        _ = try store.commit([Fixture.set("c/existing")])
        #expect(throws: FirestoreError.self) {
            try store.commit([Fixture.set("c/new"), Fixture.set("c/existing", precondition: .exists(false))])
        }
        #expect(store.document(at: Fixture.doc("c/new")) == nil)
        #expect(store.count == 1)
    }

    @Test func laterWritesInACommitSeeEarlierOnes() throws {
        let store = self.store
        let result = try store.commit([
            Fixture.set("c/d", ["a": .integer(1)], precondition: .exists(false)),
            Write(path: Fixture.doc("c/d"), operation: .update(fields: Fixture.fields(["b": .integer(2)]), mask: [FieldPath(segments: ["b"])]), precondition: .exists(true)),
        ])
        #expect(result.writeResults.count == 2)
        #expect(store.document(at: Fixture.doc("c/d"))?.fields == Fixture.fields(["a": .integer(1), "b": .integer(2)]))
        #expect(result.writeResults.allSatisfy { $0.updateTime == result.commitTime })
    }

    @Test func commitTimesIncreaseEvenWhenTheWallClockStandsStillOrGoesBack() throws {
        let store = self.store
        let first = try store.commit([Fixture.set("c/a")]).commitTime
        let second = try store.commit([Fixture.set("c/b")]).commitTime
        self.clock.set(1_000)
        let third = try store.commit([Fixture.set("c/c")]).commitTime
        #expect(second.microsecondsSinceEpoch == first.microsecondsSinceEpoch + 1)
        #expect(third > second)
    }

    @Test func aNoOpWriteKeepsUpdateTimeAndReportsIt() throws {
        let store = self.store
        let created = try store.commit([Fixture.set("c/d", ["n": .integer(1)])])
        let same = try store.commit([Fixture.set("c/d", ["n": .integer(1)])])
        #expect(same.writeResults[0].updateTime == created.commitTime)
        let changed = try store.commit([Fixture.set("c/d", ["n": .double(1)])])
        #expect(changed.writeResults[0].updateTime == changed.commitTime)
        #expect(store.document(at: Fixture.doc("c/d"))?.createTime == created.commitTime)
    }

    @Test func deleteResultHasNoUpdateTime() throws {
        let store = self.store
        _ = try store.commit([Fixture.set("c/d")])
        let result = try store.commit([Write(path: Fixture.doc("c/d"), operation: .delete)])
        #expect(result.writeResults[0].updateTime == nil)
        #expect(store.count == 0)
    }

    @Test(arguments: [
        (Precondition.exists(true), FirestoreError.Code.notFound),
        (.updateTime(Timestamp(microsecondsSinceEpoch: 5)), .notFound),
    ])
    func preconditionsOnAMissingDocument(_ precondition: Precondition, _ code: FirestoreError.Code) {
        let store = self.store
        #expect {
            try store.commit([Fixture.set("c/missing", precondition: precondition)])
        } throws: { ($0 as? FirestoreError)?.code == code }
    }

    @Test func staleUpdateTimeIsFailedPreconditionWithBothVersions() throws {
        let store = self.store
        let created = try store.commit([Fixture.set("c/d")])
        let stale = Timestamp(microsecondsSinceEpoch: created.commitTime.microsecondsSinceEpoch - 7)
        #expect {
            try store.commit([Fixture.set("c/d", precondition: .updateTime(stale))])
        } throws: { error in
            guard let error = error as? FirestoreError else { return false }
            return error.code == .failedPrecondition
                && error.message.contains("\(created.commitTime.microsecondsSinceEpoch)")
                && error.message.contains("\(stale.microsecondsSinceEpoch)")
        }
    }

    @Test func overlappingOrReservedMaskPathsAreRejected() {
        let store = self.store
        for mask in [["a", "a.b"], ["__name__"], ["x", "x"]] {
            let paths = mask.map { try! FieldPath(parsing: $0) }
            #expect(throws: FirestoreError.self) {
                try store.commit([Write(path: Fixture.doc("c/d"), operation: .update(fields: MapValue(), mask: paths))])
            }
        }
    }

    @Test func removeAllUnderAPrefixDeletesTheSubtreeOnly() throws {
        let store = self.store
        _ = try store.commit(["a/1", "a/1/b/2", "a/2", "z/1"].map { Fixture.set($0) })
        #expect(try store.removeAll(under: ["a", "1"]).count == 2)
        #expect(store.document(at: Fixture.doc("a/2")) != nil)
        #expect(store.document(at: Fixture.doc("z/1")) != nil)
    }
}
