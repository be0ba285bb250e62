import HearthFirestoreProto
import HearthGRPC
import HearthHTTP

/// The client's side of a `Listen` call, read on the call's one task: when requests arrive, the
/// stream wakes the session (`StreamSession.Item.input`), whose task reads every whole request
/// that is there without waiting and hands each to the call (`ListenCall.handle`), then asks to
/// be woken again.
///
/// Why not a task parked in a read: a second task per call, kept for as long as the call is
/// open, cost about 3 KiB per idle Listen call (its frames, its allocator slab, the task group
/// around both). Reading here costs one wake-up registration per batch of requests.
///
/// Not `Sendable`: used by the call's task alone; the wake-up it registers only pushes to the
/// session's control queue (which is).
final class ListenRequests {
    /// How the client's side ended: nil while it is open.
    enum Outcome {
        /// The client half-closed: the call ends with OK.
        case finished
        /// A request the call refused, a bad frame, the stream's reset: the call ends with it.
        case failed(any Error)
    }

    private let requests: GRPCRequestStream<Google_Firestore_V1_ListenRequest>
    private let listen: ListenCall
    private let session: StreamSession
    /// Set once the client's side ended; the session was stopped then.
    private(set) var outcome: Outcome?

    init(_ requests: GRPCRequestStream<Google_Firestore_V1_ListenRequest>, listen: ListenCall, session: StreamSession) {
        self.requests = requests
        self.listen = listen
        self.session = session
    }

    /// Asks the stream to wake the session when requests (or the end) arrive: now, if they have.
    private func wakeWhenReadable() {
        let control = self.session.control
        self.requests.whenReadable { control.push(.input) }
    }

    /// Handles every whole request that is here, then waits for more (``wakeWhenReadable()``);
    /// at the client's end or a refused request, records the outcome and stops the session.
    /// Not inlined: called from the session's loop, whose async frame an idle call keeps.
    @inline(never)
    func read() {
        guard self.outcome == nil else { return }
        do {
            while true {
                switch try self.requests.nextIfReady() {
                case .value(let request):
                    try self.listen.handle(request)
                case .ended:
                    self.end(.finished)
                    return
                case .pending:
                    self.wakeWhenReadable()
                    return
                }
            }
        } catch {
            self.end(.failed(error))
        }
    }

    private func end(_ outcome: Outcome) {
        self.outcome = outcome
        self.session.stop()
    }
}
