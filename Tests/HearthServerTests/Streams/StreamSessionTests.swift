import HearthDatabase
import HearthFirestore
import HearthHTTP
import Testing

@testable import HearthServer

/// The realtime session layer without sockets: a session holding many subscriptions, its byte
/// bound, removals with their events, re-checks, and delivery straight to an idle connection.
@Suite struct StreamSessionTests {
    let streams = OpenStreams<StreamSession.Item>(keepAlive: .seconds(3600), keepAliveItem: .keepAlive, recheckItem: .recheck) { _ in }
    let encoder = SSEEncoder(.database(.normal))

    func session(capacity: Int = 16, bufferedBytes: Int = 1 << 20, endsWithLastSubscription: Bool = true) -> StreamSession {
        StreamSession(
            scope: "ns", encoder: self.encoder, streams: self.streams, capacity: capacity, bufferedBytes: bufferedBytes,
            endsWithLastSubscription: endsWithLastSubscription)
    }

    /// Runs the session's response body as the transport would, on `writer`.
    func start(_ session: StreamSession, _ writer: SessionWriter, opening: String = "first\n\n") throws -> Task<Void, any Error> {
        let response = session.response(headers: [:], opening: Array(opening.utf8))
        guard case .eventStream(let produce) = response.body else {
            throw SessionTestError.notAnEventStream
        }
        return Task { try await produce(writer) }
    }

    enum SessionTestError: Error { case notAnEventStream }

    func bytes(_ text: String) -> SharedBytes { SharedBytes(Array(text.utf8)) }

    @Test func manySubscriptionsShareOneSessionAndLeaveOneByOne() async throws {
        let session = self.session(endsWithLastSubscription: false)
        let subscriptions = (0..<3).map { _ in ScriptedSubscription() }
        for (id, subscription) in subscriptions.enumerated() { session.add(subscription, id: Int64(id)) }
        let writer = SessionWriter()
        let body = try self.start(session, writer)
        #expect(await eventually { writer.text == "first\n\n" })
        #expect(self.streams.count(scope: "ns") == 1)  // one session, whatever it holds

        session.send(self.bytes("a\n\n"))
        session.remove(1, with: .cancel(.init(path: .root)))
        session.send(self.bytes("b\n\n"))
        #expect(writer.text == "first\n\na\n\nevent: cancel\ndata: null\n\nb\n\n")
        #expect(subscriptions.map(\.leaves) == [0, 1, 0])
        #expect(session.subscriptionCount == 2)
        session.remove(1, with: .cancel(.init(path: .root)))  // gone already: nothing
        session.remove(0, with: nil)
        session.remove(2, with: nil)
        #expect(!session.hasEnded)  // this kind of session outlives its subscriptions

        writer.stop()
        try await body.value
        #expect(self.streams.count(scope: "ns") == 0)
    }

    @Test func aSessionThatEndsWithItsLastSubscriptionWritesTheRemovalEventLast() async throws {
        let session = self.session()
        let subscription = ScriptedSubscription()
        session.add(subscription, id: 7)
        let writer = SessionWriter()
        let body = try self.start(session, writer)
        #expect(await eventually { writer.text == "first\n\n" })
        session.remove(7, with: .revoked(nil))
        try await body.value
        #expect(session.hasEnded)
        #expect(writer.text == "first\n\nevent: auth_revoked\ndata: credential is no longer valid\n\n")
        session.send(self.bytes("late\n\n"))
        #expect(!writer.text.contains("late"))
        #expect(subscription.leaves >= 1)
    }

    @Test func eventsBeforeTheFirstIsWrittenAreBoundedInBytes() async {
        let session = self.session(capacity: 100, bufferedBytes: 10)
        let subscriptions = [ScriptedSubscription(cutOff: .cancel(.init(path: .root))), ScriptedSubscription()]
        for (id, subscription) in subscriptions.enumerated() { session.add(subscription, id: Int64(id)) }
        session.send(self.bytes("123456"))
        #expect(!session.hasEnded)
        session.send(self.bytes("789012"))  // 12 bytes held for a connection not started: cut off
        #expect(session.hasEnded)
        #expect(subscriptions.map(\.leaves) == [1, 1])
        #expect(subscriptions.map(\.cutOffs) == [[.events], [.events]])
        #expect(session.subscriptionCount == 0)
        guard case .element(.end(let final)) = await session.control.next() else {
            Issue.record("expected the final event")
            return
        }
        #expect(String(decoding: final, as: UTF8.self) == "event: cancel\ndata: null\n\n")
        guard case .closed = await session.control.next() else {
            Issue.record("expected the control queue closed")
            return
        }
    }

    @Test func aRefusedSendCutsTheLiveSessionOffWithTheSubscriptionsFinalWord() async throws {
        let session = self.session()
        let subscription = ScriptedSubscription(cutOff: .error(.resourceExhausted("behind")))
        session.add(subscription, id: 0)
        let writer = SessionWriter(bound: 8)
        let body = try self.start(session, writer, opening: "")
        session.send(self.bytes("12345"))
        #expect(await eventually { writer.text == "12345" })
        session.send(self.bytes("67890"))  // over the bound the transport allows
        try await body.value
        #expect(subscription.cutOffs == [.events])
        #expect(subscription.leaves >= 1)
        #expect(writer.text.hasPrefix("12345event: error\ndata: {"))
        #expect(writer.text.contains("RESOURCE_EXHAUSTED"))
    }

    @Test func aRecheckRemovesOnlyTheSubscriptionsThatLostAccess() async throws {
        let session = self.session(endsWithLastSubscription: false)
        let kept = ScriptedSubscription()
        let denied = ScriptedSubscription()
        session.add(kept, id: 1)
        session.add(denied, id: 2)
        let writer = SessionWriter()
        let body = try self.start(session, writer, opening: "")
        denied.loseAccess(with: .cancel(.init(path: .root)))
        session.control.push(.keepAlive)
        #expect(await eventually { writer.text == "event: cancel\ndata: null\n\nevent: keep-alive\ndata: null\n\n" })
        #expect(kept.leaves == 0)
        #expect(denied.leaves == 1)
        #expect(session.subscriptionCount == 1)
        writer.stop()
        try await body.value
        #expect(kept.leaves == 1)  // the session's end makes the rest leave
    }

    @Test func aRecheckThatRemovesTheLastSubscriptionEndsTheSessionWithItsEvent() async throws {
        let session = self.session()
        let subscription = ScriptedSubscription()
        session.add(subscription, id: 0)
        let writer = SessionWriter()
        let body = try self.start(session, writer, opening: "")
        subscription.loseAccess(with: .cancel(.init(path: .root)))
        session.control.push(.recheck)
        try await body.value
        #expect(writer.text == "event: cancel\ndata: null\n\n")
    }

    /// A quiet connection gets an event within the call that delivers it: no timer, no window.
    @Test func anIdleSessionHandsEachEventToTheConnectionAtOnce() async throws {
        let session = self.session()
        session.add(ScriptedSubscription(), id: 0)
        let writer = SessionWriter()
        let body = try self.start(session, writer, opening: "")
        session.send(self.bytes("early\n\n"))  // before or after going live, it is written in order
        #expect(await eventually { writer.text == "early\n\n" })
        for index in 0..<5 {
            session.send(SharedBytes(self.encoder.encode(.changes([.keepAlive], .init(path: .root)))))
            let delivered = writer.text.matches(of: /keep-alive/).count
            #expect(delivered == index + 1)
        }
        writer.stop()
        try await body.value
    }
}
