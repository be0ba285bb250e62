import NIOCore

/// An accepted connection whose protocol is being detected: the channel (to register for
/// shutdown at once) and the detection's outcome (the pipeline for the protocol it speaks).
struct AcceptedConnection: Sendable {
    let channel: any Channel
    let detected: EventLoopFuture<DetectedConnection>
}
