/// The words the report uses for one service (`BenchService.wording`): section 5's lines read
/// as they did before the Realtime Database mode existed (listeners, snapshots, commits), and
/// section 7's name streams, events and PUTs. Kept apart from the report so it has no
/// per-service branches; built once per run, so it costs nothing per event.
struct BenchWording: Sendable {
    /// One listener, and several ("listener"/"listeners", "stream"/"streams").
    let listener: String
    let listeners: String
    /// What a listener receives for one write ("snapshot"/"event"), and several.
    let delivery: String
    let deliveries: String
    /// One write, and several ("commit"/"commits", "PUT"/"PUTs").
    let write: String
    let writes: String
    /// What every listener is open on ("one query", "one location").
    let listened: String
    /// Names the latency line ("write-to-delivery", "write-to-event").
    let latency: String
    /// The latency line's parenthesis: the target the figure is held to, or that it has none.
    let latencyTarget: String
    /// The memory line's parenthesis, likewise.
    let memoryTarget: String
}
