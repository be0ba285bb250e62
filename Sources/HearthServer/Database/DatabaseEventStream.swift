import HearthDatabase
import HearthHTTP
import Logging

/// One client's Realtime Database stream (`rtdb.md` §4): a GET with `Accept: text/event-stream`.
///
/// The first event is a `put` at `/` with the current value (the query's result for a query
/// stream), taken atomically with the subscription so no change is missed or repeated. Then
/// each committed change under the location becomes `put`/`patch` events, sent only once the
/// change is durable and the read rule still holds (rules can depend on data, and rules can be
/// reloaded: losing access sends `cancel` with `null` data and ends the stream). An ID token's
/// expiry sends `auth_revoked` and ends it; the client's immediate reconnect is then refused
/// with 401 `Auth token is expired`, so it does not spin. Idle streams get `keep-alive` events.
///
/// Writers never wait: the store's sink only filters and enqueues into a bounded queue; a
/// reader that falls `bufferedEvents` behind is disconnected (its memory released) and its
/// client reconnects and gets a fresh `put`, which is how both Python clients recover.
struct DatabaseEventStream: Sendable {
    enum Item: Sendable {
        /// A change under the location, the value at the location after it (query streams
        /// only), and the receipt to wait for.
        case change(DatabaseChange, DatabaseNode, DatabaseJournalReceipt?)
        case recheck
        case keepAlive
        case expired
    }

    let call: DatabaseCall
    let registry: DatabaseRulesRegistry
    let settings: DatabaseSettings

    func response() -> Response {
        var listener = DatabaseListener(path: self.call.request.path, query: self.call.request.query)
        let queue = EventQueue<Item>(capacity: self.settings.bufferedEvents)
        let filter = listener
        let (subscription, root) = self.call.store.subscribe { change, root, receipt in
            guard filter.isAffected(by: change) else { return }
            queue.push(.change(change, filter.needsValue ? root.child(at: filter.path) : .empty, receipt))
        }
        let first = listener.initialEvent(root: root)
        let primed = listener
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no",
        ]
        return Response(headers: headers, body: .stream { writer in
            // A client that closes its connection releases its subscription at once.
            writer.onStop { queue.close() }
            let observer = self.registry.addObserver { queue.push(.recheck) }
            let timers = self.startTimers(queue)
            defer {
                for timer in timers { timer.cancel() }
                self.registry.removeObserver(observer)
                self.call.store.unsubscribe(subscription)
                queue.close()
            }
            try await writer.write(first.serialized(self.call.request.output.format))
            var listener = primed
            try await self.run(&listener, queue, writer)
        })
    }

    private func run(_ listener: inout DatabaseListener, _ queue: EventQueue<Item>, _ writer: any ResponseBodyWriter) async throws {
        let format = self.call.request.output.format
        while true {
            switch await queue.next() {
            case .closed:
                return
            case .overflowed:
                self.call.logger.notice(
                    "Closed the stream of \(self.call.request.path) (namespace \(self.call.request.namespace)): its reader fell \(self.settings.bufferedEvents) events behind. The client reconnects and gets the current value.")
                return
            case .element(.expired):
                try await writer.write(DatabaseStreamEvent.authRevoked.serialized())
                return
            case .element(.keepAlive):
                try await writer.write(DatabaseStreamEvent.keepAlive.serialized())
            case .element(.recheck):
                guard self.stillReadable() else { return try await writer.write(DatabaseStreamEvent.cancel.serialized()) }
            case .element(.change(let change, let value, let receipt)):
                // A change that could not be saved was undone: the client must start over.
                guard (try? await self.call.store.waitUntilDurable(receipt)) != nil else { return }
                guard self.stillReadable() else { return try await writer.write(DatabaseStreamEvent.cancel.serialized()) }
                for event in listener.events(for: change, value: value) { try await writer.write(event.serialized(format)) }
            }
        }
    }

    /// Whether the rules in force now still let the caller read the location.
    private func stillReadable() -> Bool {
        let current = DatabaseCall(
            request: self.call.request, store: self.call.store, rules: self.registry.rules(for: self.call.request.namespace),
            logger: self.call.logger)
        return (try? current.authorizeRead()) != nil
    }

    /// The keep-alive ticker, and the credential's expiry when it has one.
    private func startTimers(_ queue: EventQueue<Item>) -> [Task<Void, Never>] {
        var timers = [
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: self.settings.keepAlive)
                    if !queue.push(.keepAlive) { return }
                }
            }
        ]
        if case .user(_, let expires?) = self.call.request.caller {
            timers.append(Task {
                let delay = max(0, expires - WallClock.milliseconds())
                try? await Task.sleep(for: .milliseconds(delay))
                if !Task.isCancelled { queue.push(.expired) }
            })
        }
        return timers
    }
}
