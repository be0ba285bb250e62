/// Turns a session's typed events into one transport's bytes: `SSEEncoder` today.
///
/// `sharingKey` says which sessions can share one encoding of an event: the fan-outs encode a
/// commit once per key, not once per session (with a thousand listeners that is the difference
/// between one encoding and a thousand).
protocol SessionEncoder: Sendable {
    /// Equal for encoders that produce the same bytes for the same event.
    var sharingKey: String { get }
    /// The bytes of `event`; empty when it says nothing on this transport.
    func encode(_ event: SessionEvent) -> [UInt8]
}
