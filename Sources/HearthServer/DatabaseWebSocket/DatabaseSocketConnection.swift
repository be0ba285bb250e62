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
/// Cost per idle connection: this object, its session (and the one task that runs its
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

    /// Serves the connection until the client goes. Kept lean: this frame and `read`'s stay
    /// allocated (in the task's memory) for the connection's whole life, so the setup, each
    /// message's handling and the logging are synchronous functions of their own, and the
    /// session's control loop runs in a task of its own rather than an `async let`, whose
    /// child record would sit in this frame.
    func serve(_ socket: WebSocketSession) async throws {
        let (session, acknowledgements) = self.open(socket.outbox)
        try await socket.outbox.write(self.hello())
        let outbox = socket.outbox
        // Its own task: it wakes only for keep-alives, re-checks, the credential's expiry and
        // the end; `session.stop()` below ends it, and it is awaited before the connection's
        // onDisconnect operations run, as a child task would be.
        let control = Task { try await session.serve(on: outbox) }
        do {
            try await self.read(socket, session, acknowledgements)
        } catch {
            self.ended(with: error)
        }
        session.stop()
        self.state.withLock { $0.expiry?.cancel() }
        await acknowledgements.finish()
        _ = await control.result
        await self.runDisconnectOperations()
    }

    /// The connection's session, attached to `outbox` (replies and pushes leave in order), and
    /// the sender of its writes' acknowledgements.
    @inline(never)
    private func open(_ outbox: WebSocketOutbox) -> (StreamSession, DatabaseSocketAcknowledgements) {
        let settings = self.service.settings
        let session = StreamSession(
            scope: self.namespace, encoder: DatabaseSocketEncoder(), streams: self.service.streams, capacity: settings.bufferedEvents,
            bufferedBytes: settings.bufferedBytes, endsWithLastSubscription: false, credential: self)
        session.attach(outbox)
        let acknowledgements = DatabaseSocketAcknowledgements { [self] write in
            try? await outbox.write(await self.acknowledgement(write.number, write.receipt))
            self.waiting.subtract(1, ordering: .relaxed)
        }
        return (session, acknowledgements)
    }

    /// The server's hello for this connection.
    @inline(never)
    private func hello() -> [UInt8] {
        DatabaseSocketEncoder.hello(now: WallClock.milliseconds(), host: self.request.headers["Host"] ?? "localhost", session: Self.sessionID())
    }

    @inline(never)
    private func ended(with error: any Error) {
        self.logger.debug("Realtime Database WebSocket on namespace \(self.namespace) ended: \(error)")
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

    /// Reads and handles messages until the client goes; the replies that wait for durability
    /// go to `acknowledgements` (or, past `maxPendingAcknowledgements`, are waited for here).
    private func read(
        _ socket: WebSocketSession, _ session: StreamSession, _ acknowledgements: DatabaseSocketAcknowledgements
    ) async throws {
        var frames = DatabaseSocketFrames(maxBytes: Self.maxMessageBytes)
        while let message = try await socket.receive() {
            switch self.step(message, frames: &frames, session: session) {
            case .send(let bytes):
                try await socket.outbox.write(bytes)
            case .durable(let number, let receipt):
                if self.waiting.add(1, ordering: .relaxed).newValue <= Self.maxPendingAcknowledgements {
                    acknowledgements.add((number, receipt))
                } else {
                    self.waiting.subtract(1, ordering: .relaxed)
                    try await self.acknowledgeNow(number, receipt, on: socket.outbox)
                }
            case .close(let reason):
                try await socket.close(code: .protocolError, reason: reason)
                return
            case .nothing:
                continue
            }
        }
    }

    /// Waits until write `number` is durable and sends its `ok` (too many already wait).
    @inline(never)
    private func acknowledgeNow(_ number: Int64, _ receipt: DatabaseJournalReceipt?, on outbox: WebSocketOutbox) async throws {
        try await outbox.write(await self.acknowledgement(number, receipt))
    }

    /// What `message` asks for: parsed (joining split messages in `frames`) and carried out.
    @inline(never)
    private func step(_ message: WebSocketMessage, frames: inout DatabaseSocketFrames, session: StreamSession) -> DatabaseSocketStep {
        guard case .text(let text) = message else { return .close(reason: "The Realtime Database protocol sends text frames only.") }
        let request: (DatabaseSocketRequest, size: Int)?
        do {
            request = try Self.request(in: text, frames: &frames)
        } catch {
            guard let number = error.request else {
                self.logger.info("Closed a Realtime Database WebSocket on namespace \(self.namespace): \(error.message)")
                return .close(reason: String(error.message.prefix(120)))
            }
            return .send(DatabaseSocketEncoder.reply(number, status: "invalid_data", data: .string(error.message)))
        }
        switch request {
        case (.request(let number, let action), let size)?:
            switch self.handle(action, number: number, size: size, session: session) {
            case .now(let bytes): return .send(bytes)
            case .durable(let number, let receipt): return .durable(number: number, receipt: receipt)
            }
        case (.ping, _)?:
            return .send(DatabaseSocketEncoder.pong)
        case (.ignored, _)?, nil:
            return .nothing
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
