/// Which of a gRPC `Listen` call's tasks finished first (`FirestoreGRPCService.listenStream`).
enum ListenCallEnding: Sendable, Equatable {
    /// The session's loop returned: it was cut off, or stopped.
    case sessionEnded
    /// The drain returned: the call was stopped, or its writes failed (client gone).
    case drained
    /// The client half-closed its side.
    case clientDone
}
