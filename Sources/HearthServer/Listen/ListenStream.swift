import HearthFirestore
import HearthHTTP

/// One client's listen stream: the registration in the store, its bounded queue, and the loop
/// that turns store events into SSE events.
///
/// Writers never wait for it: the store's sink only pushes into an `EventQueue` (bounded by
/// `capacity`; a reader that falls that far behind gets a final RESOURCE_EXHAUSTED `error`
/// event and its memory is released). Each snapshot leaves only once its commit is durable,
/// and only after the rules are checked again (access can be lost when a document changes or
/// the rules change); losing access ends the stream with PERMISSION_DENIED. A keep-alive
/// comment every `keepAlive` also re-checks the rules and notices vanished clients.
struct ListenStream: Sendable {
    enum Item: Sendable {
        case event(ListenEvent)
        case recheck
        case keepAlive
    }

    let call: FirestoreCall
    let target: ListenTarget
    let rules: FirestoreRulesRegistry
    let keepAlive: Duration
    let capacity: Int
    /// Checks the caller may still see the target; throws PERMISSION_DENIED if not.
    let authorize: @Sendable (FirestoreCall) throws(FirestoreError) -> Void

    /// Registers the target (or resumes after `token`) and returns the response that streams it.
    func response(resumingAfter token: Timestamp?) throws(FirestoreError) -> Response {
        let queue = EventQueue<Item>(capacity: self.capacity)
        let sink: @Sendable (ListenEvent) -> Void = { queue.push(.event($0)) }
        let (first, registration) =
            if let token {
                try self.call.store.resume(self.target, after: token, sink: sink)
            } else {
                try self.call.store.listen(self.target, sink: sink)
            }
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no",
        ]
        return Response(headers: headers, body: .stream { writer in
            let observer = self.rules.addObserver { queue.push(.recheck) }
            let ticker = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: self.keepAlive)
                    if !queue.push(.keepAlive) { return }
                }
            }
            defer {
                ticker.cancel()
                self.rules.removeObserver(observer)
                self.call.store.cancel(registration)
                queue.close()
            }
            try await writer.write(ListenCodec.event(first, in: self.call.database).encoded)
            try await self.run(queue, writer)
        })
    }

    private func run(_ queue: EventQueue<Item>, _ writer: any ResponseBodyWriter) async throws {
        while true {
            switch await queue.next() {
            case .closed:
                return
            case .overflowed:
                let reason = FirestoreError.resourceExhausted(
                    "This listener fell more than \(self.capacity) snapshots behind, so Hearth closed it to protect the server; reconnect with Last-Event-ID to resume.")
                try await writer.write(ListenCodec.error(reason).encoded)
                return
            case .element(let item):
                if case .event(let event) = item {
                    // A commit that could not be saved is undone; its event is dropped and the
                    // reset snapshot the store sends next puts the client right.
                    guard (try? await self.call.store.waitUntilDurable(event.receipt)) != nil else { continue }
                }
                let current = self.currentCall()
                do {
                    try self.authorize(current)
                } catch {
                    try await writer.write(ListenCodec.error(error).encoded)
                    return
                }
                switch item {
                case .event(let event): try await writer.write(ListenCodec.event(event.snapshot, in: self.call.database).encoded)
                case .keepAlive: try await writer.write(ServerSentEvent.comment("keep-alive"))
                case .recheck: break
                }
            }
        }
    }

    /// The call as the rules in force now judge it (they may have been reloaded).
    private func currentCall() -> FirestoreCall {
        self.call.judged(by: self.rules.rules(for: self.call.database.project))
    }
}
