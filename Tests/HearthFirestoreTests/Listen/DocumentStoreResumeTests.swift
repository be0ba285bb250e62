import HearthFirestore
import Testing

@Suite struct DocumentStoreResumeTests {
    let clock = ManualClock()

    func store() -> DocumentStore { DocumentStore(database: Fixture.database, now: self.clock.now) }

    @Test func resumingReplaysOnlyWhatChangedSinceTheToken() throws {
        let store = self.store()
        _ = try store.commit([DocumentStoreListenTests.set("c/a", 1), DocumentStoreListenTests.set("c/b", 2)])
        let target = try DocumentStoreListenTests.byN(limit: 2)
        let first = ListenRecorder()
        let (initial, registration) = try store.listen(target, sink: first.sink)
        var client = ReplayedResult(documents: [])
        client.apply(initial)
        _ = try store.commit([DocumentStoreListenTests.set("c/c", 0)])
        let seen = try #require(first.take().first)
        client.apply(seen.snapshot)
        store.cancel(registration)  // the connection drops; writes go on
        _ = try store.commit([DocumentStoreListenTests.set("c/a", 7)])
        _ = try store.commit([DocumentStoreListenTests.delete("c/c"), DocumentStoreListenTests.set("c/d", 3)])

        let second = ListenRecorder()
        let (resumed, _) = try store.resume(target, after: seen.snapshot.resumeToken, sink: second.sink)
        #expect(resumed.kind == .delta)
        client.apply(resumed)
        #expect(client.documents == store.runQuery(try Query(collectionID: "c", orderBy: [OrderBy(field: DocumentStoreListenTests.n)], limit: 2)).documents)
        #expect(ListenDiffTests.describe(resumed.changes) == ["removed c 0 -1", "removed a 0 -1", "added b -1 0", "added d -1 1"])

        _ = try store.commit([DocumentStoreListenTests.set("c/b", 9)])
        #expect(second.takeChanges() == ["removed b 0 -1", "added a -1 1"])
    }

    @Test func resumingAtTheLatestTokenIsAnEmptyDelta() throws {
        let store = self.store()
        let (initial, _) = try store.listen(.document(Fixture.doc("c/a")), sink: ListenRecorder().sink)
        let (resumed, _) = try store.resume(.document(Fixture.doc("c/a")), after: initial.resumeToken, sink: ListenRecorder().sink)
        #expect(resumed.kind == .delta && resumed.changes.isEmpty && resumed.size == 0)
        #expect(resumed.readTime >= initial.readTime)
    }

    @Test func aTokenBeforeAClearIsReset() throws {
        let store = self.store()
        _ = try store.commit([DocumentStoreListenTests.set("c/a", 1)])
        let (initial, _) = try store.listen(.document(Fixture.doc("c/a")), sink: ListenRecorder().sink)
        try store.removeAll()
        _ = try store.commit([DocumentStoreListenTests.set("c/a", 2)])
        let (resumed, _) = try store.resume(.document(Fixture.doc("c/a")), after: initial.resumeToken, sink: ListenRecorder().sink)
        #expect(resumed.kind == .reset)
        #expect(ListenDiffTests.describe(resumed.changes) == ["added a -1 0"])
        #expect(resumed.changes.first?.document.fields.value(at: DocumentStoreListenTests.n) == .integer(2))
    }

    @Test func aTokenOlderThanTheRetainedHistoryIsReset() throws {
        let store = self.store()
        let target = ListenTarget.document(Fixture.doc("c/a"))
        let (initial, _) = try store.listen(target, sink: ListenRecorder().sink)
        for value in 0...10_000 {  // one more commit than the log keeps
            _ = try store.commit([DocumentStoreListenTests.set("c/b", value)])
        }
        let (resumed, _) = try store.resume(target, after: initial.resumeToken, sink: ListenRecorder().sink)
        #expect(resumed.kind == .reset)
    }

    @Test func aTokenFromTheFutureOrFromBeforeThisProcessIsReset() throws {
        let store = self.store()
        _ = try store.commit([DocumentStoreListenTests.set("c/a", 1)])
        let target = ListenTarget.document(Fixture.doc("c/a"))
        // Nothing was handed out yet: any token predates this process (a restart).
        let (unknown, _) = try store.resume(target, after: Timestamp(microsecondsSinceEpoch: 1_699_999_999_000_000), sink: ListenRecorder().sink)
        #expect(unknown.kind == .reset && unknown.size == 1)
        let (future, _) = try store.resume(target, after: Timestamp(microsecondsSinceEpoch: 1_800_000_000_000_000), sink: ListenRecorder().sink)
        #expect(future.kind == .reset && future.size == 1)
        let (old, _) = try store.resume(target, after: Timestamp(microsecondsSinceEpoch: 1_699_999_999_000_000), sink: ListenRecorder().sink)
        #expect(old.kind == .reset)
    }

    @Test func resumedAndLiveListenersShareTheView() throws {
        let store = self.store()
        let (initial, _) = try store.listen(try DocumentStoreListenTests.byN(), sink: ListenRecorder().sink)
        _ = try store.resume(try DocumentStoreListenTests.byN(), after: initial.resumeToken, sink: ListenRecorder().sink)
        #expect(store.listenedTargetCount == 1)
    }
}
