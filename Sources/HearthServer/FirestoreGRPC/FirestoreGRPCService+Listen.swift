import HearthFirestore
import HearthFirestoreProto
import HearthGRPC

extension FirestoreGRPCService {
    /// `Listen`: one realtime session per call (`ListenCall`), fed by three tasks that end
    /// together: the client's requests (add and remove targets), the session's own loop
    /// (keep-alives, rules re-checks, the end when it is cut off) and the drain that writes what
    /// the session queued (`ListenCallWriter`), waiting for flow control.
    ///
    /// How a call ends: the client half-closes or resets it (OK, or the reset; every target
    /// leaves its store), the client fell more than `--stream-buffer` bytes behind
    /// (RESOURCE_EXHAUSTED after what it was already sent: the SDKs reconnect and resume with
    /// their tokens), or the Auth emulator disabled the caller's user or revoked its token
    /// (UNAUTHENTICATED saying which: the SDKs force a token refresh and listen again, and a
    /// disabled user's refresh fails). A target's own errors (rules deny it, a bad query)
    /// remove only that target, with `REMOVE` and a cause.
    func listenStream(
        _ requests: GRPCRequestStream<Google_Firestore_V1_ListenRequest>, _ responses: GRPCResponseStream<Google_Firestore_V1_ListenResponse>,
        _ call: FirestoreGRPCCall
    ) async throws {
        var iterator = requests.makeAsyncIterator()
        guard let first = try await iterator.next() else { return }
        let database = try call.database(first.database, field: "database")
        let settings = self.listening.settings
        let writer = ListenCallWriter(bound: settings.bufferedBytes)
        let credential = self.identities.provider.credential(of: call.caller)
        let session = StreamSession(
            scope: database.project, encoder: ListenResponseEncoder(targetID: nil), streams: self.listening.streams,
            capacity: settings.bufferedSnapshots, bufferedBytes: settings.bufferedBytes, endsWithLastSubscription: false,
            credential: credential)
        let listen = ListenCall(service: self.service, rules: self.listening.rules, fanout: self.listening.fanout, session: session, call: call)
        try listen.handle(first)
        let reader = ListenRequestReader(iterator: iterator)
        defer { listen.close() }
        try await withThrowingTaskGroup(of: ListenCallEnding.self) { group in
            group.addTask {
                try await session.serve(on: writer)
                return .sessionEnded
            }
            group.addTask {
                try await writer.drain { try await responses.sendFramed($0) }
                return .drained
            }
            group.addTask {
                try await reader.forEach { request in try listen.handle(request) }
                return .clientDone
            }
            // Whatever ends the call stops the writer first: that ends the drain and the
            // session's loop, so the group's tasks all return.
            defer {
                writer.stop()
                group.cancelAll()
            }
            switch try await group.next() {
            case .sessionEnded?:
                // The session wrote its last bytes: let them leave, then say why it ended.
                writer.finish()
                while let next = try await group.next(), next != .drained {}
                if writer.wasCutOff {
                    throw FirestoreError.resourceExhausted(
                        "This Listen stream fell more than \(ListenStream.describe(bytes: settings.bufferedBytes)) behind (its client was not reading), so Hearth ended it to protect the server; the client reconnects and resumes with its resume tokens.")
                }
                // The session ends for its credential when the account store refuses it now.
                if let refusal = credential?.refusal() { throw FirestoreError.unauthenticated(refusal.message) }
            case .clientDone?, .drained?, nil:
                return
            }
        }
    }
}
