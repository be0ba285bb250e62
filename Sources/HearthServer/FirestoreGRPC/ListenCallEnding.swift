/// Which of a gRPC `Listen` call's tasks finished first (`FirestoreGRPCService.listenStream`).
enum ListenCallEnding: Sendable, Equatable {
    /// The session's loop returned: it was cut off, or stopped (the client reset the stream).
    case sessionEnded
    /// The client half-closed its side.
    case clientDone
}
