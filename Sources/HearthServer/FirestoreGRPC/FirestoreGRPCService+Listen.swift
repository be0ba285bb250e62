import HearthFirestore
import HearthFirestoreProto
import HearthGRPC
import HearthHTTP

extension FirestoreGRPCService {
    /// `Listen`: one realtime session per call (`ListenCall`), on the call's one task: the
    /// session's loop (keep-alives, rules re-checks, the end when it is cut off) also reads the
    /// client's requests (add and remove targets) whenever they arrive (`ListenRequests`).
    /// What the session sends goes into the call's body (`GRPCResponseStream.streamBody`: the
    /// stream's outbox, drained by its event loop in batches, one write per window, bounded by
    /// `--stream-buffer`) without waking a task per message; the call's status leaves after
    /// whatever the body still holds.
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
        guard let (session, listen, credential) = try await self.openListen(requests, call) else { return }
        let bound = self.listening.settings.bufferedBytes
        defer { listen.close() }
        let body = try await responses.streamBody(bound: bound)
        let reader = ListenRequests(requests, listen: listen, session: session)
        // What arrived with the first request (it may hold whole requests already), then a wake-up.
        reader.read()
        try await session.serve(on: body, input: { reader.read() })
        switch reader.outcome {
        case .finished?:
            return
        case .failed(let error)?:
            throw error
        case nil:
            // The session ended by itself (cut off, its credential refused, the stream reset):
            // its last bytes are in the body, which the call's end drains before its status.
            try Self.sessionEnded(body: body, bound: bound, credential: credential)
        }
    }

    /// Why a session that ended by itself ends its call, if it was not the stream's reset.
    @inline(never)
    private static func sessionEnded(body: HTTP2StreamBody, bound: Int, credential: AccountCredential?) throws(FirestoreError) {
        if body.isCutOff {
            throw FirestoreError.resourceExhausted(
                "This Listen stream fell more than \(ListenStream.describe(bytes: bound)) behind (its client was not reading), so Hearth ended it to protect the server; the client reconnects and resumes with its resume tokens.")
        }
        // The session ends for its credential when the account store refuses it now.
        if let refusal = credential?.refusal() { throw FirestoreError.unauthenticated(refusal.message) }
    }

    /// The call's session and its first request handled (nil: the client half-closed first).
    /// Not inlined: the first request (a protobuf message held across its read) and what the
    /// opening makes would otherwise be room in the call's async frame, which an idle call
    /// keeps (in its task's allocator slabs) for as long as it is open.
    @inline(never)
    private func openListen(
        _ requests: GRPCRequestStream<Google_Firestore_V1_ListenRequest>, _ call: FirestoreGRPCCall
    ) async throws -> (StreamSession, ListenCall, AccountCredential?)? {
        var iterator = requests.makeAsyncIterator()
        guard let first = try await iterator.next() else { return nil }
        return try self.open(first, call)
    }

    /// The call's session and its first request handled: synchronous, so what it makes on the
    /// way lives on the thread's stack.
    @inline(never)
    private func open(
        _ first: Google_Firestore_V1_ListenRequest, _ call: FirestoreGRPCCall
    ) throws -> (StreamSession, ListenCall, AccountCredential?) {
        let database = try call.database(first.database, field: "database")
        let settings = self.listening.settings
        let credential = self.identities.provider.credential(of: call.caller)
        let session = StreamSession(
            scope: database.project, encoder: ListenResponseEncoder(targetID: nil), streams: self.listening.streams,
            capacity: settings.bufferedSnapshots, bufferedBytes: settings.bufferedBytes, endsWithLastSubscription: false,
            credential: credential)
        let listen = ListenCall(
            service: self.service, rules: self.listening.rules, fanout: self.listening.fanout, globalSnapshots: self.listening.globalSnapshots,
            session: session, call: call)
        try listen.handle(first)
        return (session, listen, credential)
    }
}
