import HearthDatabase
import HearthHTTP
import HearthJSON
import Logging
import Synchronization

/// One client of the Realtime Database WebSocket protocol (`streams.md` §1): the iOS, Android
/// and JavaScript SDKs' connection to `ws://host:port/.ws?v=5&ns=…`.
///
/// Glue only: messages are parsed into `DatabaseSocketRequest`s, each action calls
/// `DatabaseService` (which authorizes, writes in commit order with REST and SSE, and returns
/// once durable), and replies and pushes are spelled by `DatabaseSocketEncoder`. The listens are
/// subscriptions of one `StreamSession` (one byte-bounded queue, rules re-checked on delivery
/// and on rules reloads, `c` when access is lost); everything leaves through the socket's
/// `WebSocketOutbox`, in order, so a listen's data precedes its `ok` and a client that stops
/// reading is disconnected rather than buffered for.
///
/// Requests are handled one at a time, in arrival order: a write is applied at once (so every
/// reader sees it, in commit order) and its `ok` is sent once it is durable, in order, by a
/// task that runs only while replies wait (`DatabaseSocketAcknowledgements`), while the next
/// requests go on; so an SDK's pipelined writes share the journal's group commits (at most
/// `maxPendingAcknowledgements` wait; past that the reader
/// waits too). The credential (`auth`, `gauth`,
/// `unauth`) is the connection's: changing it re-subscribes every listen as the new caller
/// (a listen the new caller may not read gets `c`), and when it expires, or the Auth emulator
/// disables its user or revokes its tokens (the session asks the connection again at each
/// standing change, as its ``SessionCredential``), the client gets `ac` and the connection
/// goes on unauthenticated. When the connection ends, however it ends, its
/// onDisconnect operations run, as the caller it has then.
///
/// Cost per idle connection: this object, its session (and the one child task that runs its
/// keep-alives), one entry per listen, and the bytes its onDisconnect operations hold (bounded).
final class DatabaseSocketConnection: WebSocketHandler {
    /// A listen as the client names it: location and tag (nil for a default listen).
    struct ListenKey: Hashable, Sendable {
        let path: DatabasePath
        let tag: Int64?
    }

    struct Listen: Sendable {
        let stream: DatabaseStream
        let id: Int64
        let query: DatabaseQuery
    }

    struct State: Sendable {
        var caller: DatabaseCaller = .user(auth: nil, expires: nil)
        /// The ID token's user behind `caller`, asked about again when an account's standing changes.
        var credential: AccountCredential?
        var listens: [ListenKey: Listen] = [:]
        var nextID: Int64 = 0
        var disconnect: DatabaseDisconnectOperations
        var expiry: Task<Void, Never>?
    }

    /// Listens one connection may hold; each costs a subscription and, for queries, the last result.
    static let maxListens = 10_000
    /// Bytes of onDisconnect operations one connection may register.
    static let maxDisconnectBytes = 16 * 1024 * 1024
    /// The largest message once its frames are joined: Firebase's limit for one write from an
    /// SDK (16 MB), the most one connection makes the server hold of what it reads.
    static let maxMessageBytes = 16 * 1024 * 1024
    /// Writes whose `ok` may wait for durability while later requests are handled.
    static let maxPendingAcknowledgements = 1024

    let service: DatabaseService
    let identities: IdentityResolver
    let namespace: String
    /// The upgrade request: its peer and `Origin` decide whether `owner` is accepted.
    let request: Request
    let logger: Logger
    let state: Mutex<State>
    /// Writes whose `ok` waits for durability in `DatabaseSocketAcknowledgements`.
    private let waiting = Atomic(0)

    init(service: DatabaseService, identities: IdentityResolver, namespace: String, request: Request, logger: Logger) {
        self.service = service
        self.identities = identities
        self.namespace = namespace
        self.request = request
        self.logger = logger
        self.state = Mutex(State(disconnect: DatabaseDisconnectOperations(maxBytes: Self.maxDisconnectBytes)))
    }

    func serve(_ socket: WebSocketSession) async throws {
        let settings = self.service.settings
        let session = StreamSession(
            scope: self.namespace, encoder: DatabaseSocketEncoder(), streams: self.service.streams, capacity: settings.bufferedEvents,
            bufferedBytes: settings.bufferedBytes, endsWithLastSubscription: false, credential: self)
        let outbox = socket.outbox
        session.attach(outbox)
        let host = self.request.headers["Host"] ?? "localhost"
        try await outbox.write(DatabaseSocketEncoder.hello(now: WallClock.milliseconds(), host: host, session: Self.sessionID()))
        let acknowledgements = DatabaseSocketAcknowledgements { [self] write in
            try? await outbox.write(await self.acknowledgement(write.number, write.receipt))
            self.waiting.subtract(1, ordering: .relaxed)
        }
        // An async let, not a task group: its child task lives in this task's memory.
        async let served: Void = session.serve(on: outbox)
        do {
            try await self.read(socket, session) { reply in
                guard case .durable(let number, let receipt) = reply else { return }
                if self.waiting.add(1, ordering: .relaxed).newValue <= Self.maxPendingAcknowledgements {
                    acknowledgements.add((number, receipt))
                } else {
                    self.waiting.subtract(1, ordering: .relaxed)
                    try await outbox.write(await self.acknowledgement(number, receipt))
                }
            }
        } catch {
            self.logger.debug("Realtime Database WebSocket on namespace \(self.namespace) ended: \(error)")
        }
        session.stop()
        self.state.withLock { $0.expiry?.cancel() }
        await acknowledgements.finish()
        try? await served
        await self.runDisconnectOperations()
    }

    /// The `ok` of write `number` once `receipt` is durable, or why it could not be saved.
    private func acknowledgement(_ number: Int64, _ receipt: DatabaseJournalReceipt?) async -> [UInt8] {
        do {
            try await self.service.namespaces.store(for: self.namespace).waitUntilDurable(receipt)
            return DatabaseSocketEncoder.reply(number, status: DatabaseSocketStatus.ok)
        } catch {
            return DatabaseSocketEncoder.reply(number, error: error)
        }
    }

    /// Reads and handles messages until the client goes; `deferred` takes the replies that
    /// wait for durability.
    private func read(
        _ socket: WebSocketSession, _ session: StreamSession, deferred: (DatabaseSocketReply) async throws -> Void
    ) async throws {
        var frames = DatabaseSocketFrames(maxBytes: Self.maxMessageBytes)
        while let message = try await socket.receive() {
            guard case .text(let text) = message else {
                try await socket.close(code: .protocolError, reason: "The Realtime Database protocol sends text frames only.")
                return
            }
            let request: (DatabaseSocketRequest, size: Int)?
            do {
                request = try Self.request(in: text, frames: &frames)
            } catch {
                guard let number = error.request else {
                    self.logger.info("Closed a Realtime Database WebSocket on namespace \(self.namespace): \(error.message)")
                    try await socket.close(code: .protocolError, reason: String(error.message.prefix(120)))
                    return
                }
                try await socket.outbox.write(DatabaseSocketEncoder.reply(number, status: "invalid_data", data: .string(error.message)))
                continue
            }
            switch request {
            case (.request(let number, let action), let size)?:
                let reply = self.handle(action, number: number, size: size, session: session)
                if case .now(let bytes) = reply { try await socket.outbox.write(bytes) } else { try await deferred(reply) }
            case (.ping, _)?:
                try await socket.outbox.write(DatabaseSocketEncoder.pong)
            case (.ignored, _)?, nil:
                continue
            }
        }
    }

    /// The request `frame` completes, if any, and the size of its whole message.
    private static func request(in frame: String, frames: inout DatabaseSocketFrames) throws(DatabaseSocketProtocolError) -> (
        DatabaseSocketRequest, size: Int
    )? {
        guard case .message(let whole) = try frames.receive(frame) else { return nil }
        return (try DatabaseSocketRequest(message: whole), whole.utf8.count)
    }

    /// Runs the onDisconnect operations once the connection is over, as its last caller.
    private func runDisconnectOperations() async {
        let (operations, caller) = self.state.withLock { state in
            defer { state.disconnect.cancel(at: .root) }
            return (state.disconnect.operations, state.caller)
        }
        for (operation, _) in operations {
            do throws(DatabaseError) {
                switch operation {
                case .set(let path, let data):
                    _ = try await self.service.set(DatabaseSet(namespace: self.namespace, path: path, value: data), as: caller)
                case .merge(let path, let update):
                    _ = try await self.service.merge(DatabaseMerge(namespace: self.namespace, path: path, update: update), as: caller)
                }
            } catch {
                self.logger.notice(
                    "An onDisconnect write to \(operation.path) (namespace \(self.namespace)) failed when its WebSocket closed: \(error.message)")
            }
        }
    }

    /// A random session id for the hello (the SDK sends it back as `ls` when it reconnects).
    private static func sessionID() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<32).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    }
}
