import NIOCore

/// An accepted connection whose protocol is being detected: the channel (to register for
/// shutdown at once) and the detection's outcome (the pipeline for the protocol it speaks).
/// `package` so the HTTP fuzz harness can serve an in-memory channel through detection.
package struct AcceptedConnection: Sendable {
    let channel: any Channel
    let detected: EventLoopFuture<DetectedConnection>

    /// Whether the client spoke HTTP/2 (waits for the detection; false if it failed).
    package func isHTTP2() async -> Bool {
        if case .http2 = try? await self.detected.get() { return true }
        return false
    }
}
