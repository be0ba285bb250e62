import HearthFirestore
import Synchronization
import Testing

@Suite struct DocumentStoreListenTests {
    static let n = FieldPath(segments: ["n"])
    let clock = ManualClock()

    func store() -> DocumentStore { DocumentStore(database: Fixture.database, now: self.clock.now) }

    static func set(_ path: String, _ n: Int) -> Write { Fixture.set(path, ["n": .integer(Int64(n))]) }
    static func delete(_ path: String) -> Write { Write(path: Fixture.doc(path), operation: .delete) }

    static func byN(_ filter: Filter? = nil, limit: Int? = nil, descending: Bool = false) throws -> ListenTarget {
        .query(try Query(collectionID: "c", filter: filter, orderBy: [OrderBy(field: n, direction: descending ? .descending : .ascending)], limit: limit))
    }

    @Test func aDocumentTargetSeesCreationChangesAndDeletion() throws {
        let store = self.store()
        let recorder = ListenRecorder()
        let (initial, _) = try store.listen(.document(Fixture.doc("c/a")), sink: recorder.sink)
        #expect(initial.kind == .initial && initial.changes.isEmpty && initial.size == 0)

        let created = try store.commit([Self.set("c/a", 1)])
        let events = recorder.take()
        #expect(events.count == 1)
        #expect(events.first?.snapshot.readTime == created.commitTime)
        #expect(events.first?.snapshot.resumeToken == created.commitTime)
        #expect(events.first?.receipt == nil)
        #expect(events.first?.snapshot.size == 1)
        #expect(ListenDiffTests.describe(events.first?.snapshot.changes ?? []) == ["added a -1 0"])

        _ = try store.commit([Self.set("c/a", 2)])
        #expect(recorder.takeChanges() == ["modified a 0 0"])
        _ = try store.commit([Self.set("c/a", 2)])  // no-op: same content, same version
        #expect(recorder.takeChanges() == nil)
        _ = try store.commit([Self.set("c/b", 2)])  // a sibling
        #expect(recorder.takeChanges() == nil)
        _ = try store.commit([Self.delete("c/a"), Self.set("c/a", 2)])  // same fields, new version
        #expect(recorder.takeChanges() == ["modified a 0 0"])
        _ = try store.commit([Self.delete("c/a")])
        #expect(recorder.takeChanges() == ["removed a 0 -1"])
    }

    @Test func aDocumentSetIsInNameOrderAndNormalised() throws {
        let store = self.store()
        _ = try store.commit([Self.set("c/b", 1)])
        let recorder = ListenRecorder()
        let target = ListenTarget.documents(normalizing: [Fixture.doc("c/b"), Fixture.doc("c/a"), Fixture.doc("c/b")])
        #expect(target == .documents([Fixture.doc("c/a"), Fixture.doc("c/b")]))
        let (initial, _) = try store.listen(target, sink: recorder.sink)
        #expect(ListenDiffTests.describe(initial.changes) == ["added b -1 0"])
        _ = try store.commit([Self.set("c/a", 5), Self.set("c/z", 1)])
        #expect(recorder.takeChanges() == ["added a -1 0"])
        #expect(throws: FirestoreError.self) { try store.listen(.documents([]), sink: recorder.sink) }
    }

    @Test func anUnlimitedQueryReportsEnteringLeavingAndMovingDocuments() throws {
        let store = self.store()
        _ = try store.commit([Self.set("c/a", 1), Self.set("c/b", 2), Self.set("c/c", 3), Self.set("c/x", 0)])
        let recorder = ListenRecorder()
        let (initial, _) = try store.listen(try Self.byN(.field(Self.n, .greaterThanOrEqual, .integer(1))), sink: recorder.sink)
        #expect(ListenDiffTests.describe(initial.changes) == ["added a -1 0", "added b -1 1", "added c -1 2"])

        _ = try store.commit([Self.set("c/x", 2)])  // enters between b and c
        #expect(recorder.takeChanges() == ["added x -1 2"])
        _ = try store.commit([Self.set("c/a", 9)])  // moves to the end
        #expect(recorder.takeChanges() == ["modified a 0 3"])
        _ = try store.commit([Self.set("c/b", 0)])  // stops matching
        #expect(recorder.takeChanges() == ["removed b 0 -1"])
        _ = try store.commit([Self.set("c/y", 0), Fixture.set("c/z", ["m": .integer(1)])])  // neither matches
        #expect(recorder.takeChanges() == nil)
    }

    @Test func aMultiDocumentCommitIsOneSnapshot() throws {
        let store = self.store()
        _ = try store.commit([Self.set("c/a", 1), Self.set("c/b", 2)])
        let recorder = ListenRecorder()
        _ = try store.listen(try Self.byN(), sink: recorder.sink)
        _ = try store.commit([Self.delete("c/a"), Self.set("c/b", 5), Self.set("c/c", 3), Self.set("c/d", 0)])
        let events = recorder.take()
        #expect(events.count == 1)
        #expect(events.first?.snapshot.size == 3)
        // Indexes replay in order: c is placed while b still has its old position (as the SDKs do).
        #expect(ListenDiffTests.describe(events.first?.snapshot.changes ?? []) == ["removed a 0 -1", "added d -1 0", "added c -1 2", "modified b 1 2"])
    }

    @Test func aLimitedQueryReportsDocumentsPushedOutAndPulledIn() throws {
        let store = self.store()
        _ = try store.commit([Self.set("c/a", 1), Self.set("c/b", 2), Self.set("c/c", 3)])
        let recorder = ListenRecorder()
        let (initial, _) = try store.listen(try Self.byN(limit: 2), sink: recorder.sink)
        #expect(ListenDiffTests.describe(initial.changes) == ["added a -1 0", "added b -1 1"])

        _ = try store.commit([Self.set("c/d", 0)])  // pushes b out
        #expect(recorder.takeChanges() == ["removed b 1 -1", "added d -1 0"])
        _ = try store.commit([Self.delete("c/d")])  // b comes back
        #expect(recorder.takeChanges() == ["removed d 0 -1", "added b -1 1"])
        _ = try store.commit([Self.set("c/c", 9)])  // outside the window, stays outside
        #expect(recorder.takeChanges() == nil)
        _ = try store.commit([Self.set("c/a", 5)])  // leaves the window; c is still after it
        #expect(recorder.takeChanges() == ["modified a 0 1"])
        _ = try store.commit([Self.set("c/a", 10)])  // leaves: c enters
        #expect(recorder.takeChanges() == ["removed a 1 -1", "added c -1 1"])
    }

    @Test func collectionGroupAndCursorQueriesFollowTheirScope() throws {
        let store = self.store()
        let group = ListenTarget.query(try Query(parent: Fixture.doc("r/1"), collectionID: "c", allDescendants: true))
        let ranged = ListenTarget.query(
            try Query(collectionID: "c", orderBy: [OrderBy(field: Self.n)], startAt: QueryCursor(values: [.integer(2)], before: true), endAt: QueryCursor(values: [.integer(4)], before: true)))
        let groupRecorder = ListenRecorder()
        let rangedRecorder = ListenRecorder()
        _ = try store.listen(group, sink: groupRecorder.sink)
        _ = try store.listen(ranged, sink: rangedRecorder.sink)

        _ = try store.commit([
            Self.set("r/1/c/a", 1), Self.set("r/1/x/2/c/b", 2), Self.set("r/2/c/z", 1), Self.set("c/m", 3), Self.set("c/n", 4),
        ])
        #expect(groupRecorder.takeChanges() == ["added a -1 0", "added b -1 1"])
        #expect(rangedRecorder.takeChanges() == ["added m -1 0"])
        _ = try store.commit([Self.set("c/n", 2)])
        #expect(rangedRecorder.takeChanges() == ["added n -1 0"])
        #expect(groupRecorder.takeChanges() == nil)
    }

    @Test func unrelatedCommitsProduceNoEvent() throws {
        let store = self.store()
        let recorder = ListenRecorder()
        _ = try store.listen(try Self.byN(.field(Self.n, .equal, .integer(1))), sink: recorder.sink)
        _ = try store.listen(.document(Fixture.doc("c/a")), sink: recorder.sink)
        _ = try store.commit([Self.set("other/a", 1)])
        _ = try store.commit([Self.set("c/a/sub/b", 1)])
        _ = try store.commit([Self.set("c/b", 2)])
        _ = try store.commit([])
        #expect(recorder.events.isEmpty)
    }

    @Test func equalTargetsShareOneViewAndEveryListenerGetsTheEvent() throws {
        let store = self.store()
        let recorders = (0..<1_000).map { _ in ListenRecorder() }
        var registrations: [ListenRegistration] = []
        for recorder in recorders {
            registrations.append(try store.listen(try Self.byN(limit: 5), sink: recorder.sink).registration)
        }
        _ = try store.listen(.document(Fixture.doc("c/a")), sink: ListenRecorder().sink)
        #expect(store.listenedTargetCount == 2)
        _ = try store.commit([Self.set("c/a", 1)])
        #expect(recorders.allSatisfy { $0.takeChanges() == ["added a -1 0"] })

        for registration in registrations.dropLast() { store.cancel(registration) }
        #expect(store.listenedTargetCount == 2)
        store.cancel(registrations.last!)
        store.cancel(registrations.last!)  // idempotent
        #expect(store.listenedTargetCount == 1)
        _ = try store.commit([Self.set("c/a", 2)])
        #expect(recorders.allSatisfy { $0.events.isEmpty })
    }

    @Test func aCancelledListenerHearsNothingMore() throws {
        let store = self.store()
        let kept = ListenRecorder()
        let cancelled = ListenRecorder()
        _ = try store.listen(try Self.byN(), sink: kept.sink)
        let (_, registration) = try store.listen(try Self.byN(), sink: cancelled.sink)
        store.cancel(registration)
        _ = try store.commit([Self.set("c/a", 1)])
        #expect(kept.takeChanges() == ["added a -1 0"])
        #expect(cancelled.events.isEmpty)
    }

    @Test func aSinkThatRefusesAnEventIsDroppedAtOnceAndItsViewWithIt() throws {
        let store = self.store()
        let kept = ListenRecorder()
        let refusals = Mutex(0)
        let refusing: @Sendable (ListenEvent) -> Bool = { _ in
            refusals.withLock { $0 += 1 }
            return false
        }
        _ = try store.listen(try Self.byN(), sink: kept.sink)
        let (_, shared) = try store.listen(try Self.byN(), sink: refusing)
        _ = try store.listen(.document(Fixture.doc("c/a")), sink: refusing)
        #expect(store.listenerCount == 3)
        #expect(store.listenedTargetCount == 2)

        _ = try store.commit([Self.set("c/a", 1)])
        #expect(refusals.withLock { $0 } == 2)
        #expect(store.listenerCount == 1)
        #expect(store.listenedTargetCount == 1)  // the document view had no one left
        #expect(kept.takeChanges() == ["added a -1 0"])

        _ = try store.commit([Self.set("c/a", 2)])
        #expect(refusals.withLock { $0 } == 2)  // never called again
        store.cancel(shared)  // cancelling a dropped listener is harmless
        #expect(store.listenerCount == 1)
        #expect(kept.takeChanges() == ["modified a 0 0"])
    }

    @Test func clearingReportsEveryDocumentRemoved() throws {
        let store = self.store()
        _ = try store.commit([Self.set("c/a", 1), Self.set("c/b", 2), Self.set("d/a", 1)])
        let query = ListenRecorder()
        let document = ListenRecorder()
        _ = try store.listen(try Self.byN(), sink: query.sink)
        _ = try store.listen(.document(Fixture.doc("d/a")), sink: document.sink)

        _ = try store.removeAll(under: ["d"])
        #expect(document.takeChanges() == ["removed a 0 -1"])
        #expect(query.takeChanges() == nil)

        try store.removeAll()
        let events = query.take()
        #expect(events.count == 1)
        #expect(events.first?.snapshot.size == 0)
        #expect(ListenDiffTests.describe(events.first?.snapshot.changes ?? []) == ["removed a 0 -1", "removed b 0 -1"])
        #expect(document.events.isEmpty)

        _ = try store.commit([Self.set("c/a", 1)])  // listeners survive a clear
        #expect(query.takeChanges() == ["added a -1 0"])
    }

    @Test func eventsCarryTheJournalReceiptAndAnUndoSendsAReset() async throws {
        let journal = ControlledJournal()
        let store = DocumentStore(database: Fixture.database, journal: journal, now: self.clock.now)
        let kept = try store.commit([Self.set("c/a", 1)])
        journal.settle(through: 1, as: .durable)
        try await store.waitUntilDurable(kept.receipt)
        let recorder = ListenRecorder()
        _ = try store.listen(try Self.byN(), sink: recorder.sink)

        let failed = try store.commit([Self.set("c/b", 2), Self.set("c/a", 3)])
        let event = try #require(recorder.take().first)
        #expect(event.receipt == failed.receipt && event.receipt != nil)
        journal.settle(through: 2, as: .failed)
        await #expect(throws: FirestoreError.self) { try await store.waitUntilDurable(failed.receipt) }

        let reset = try #require(recorder.take().first)
        #expect(reset.snapshot.kind == .reset && reset.receipt == nil)
        #expect(ListenDiffTests.describe(reset.snapshot.changes) == ["added a -1 0"])
        #expect(reset.snapshot.changes.first?.document == store.document(at: Fixture.doc("c/a")))
    }
}
