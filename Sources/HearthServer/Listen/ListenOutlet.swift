import HearthFirestore
import HearthHTTP

/// Where a `ListenStream` hands its snapshots when its session holds many targets (a gRPC
/// `Listen` stream) rather than straight to the session: the stream's target table, which keeps
/// each target's snapshots behind its opening and follows every delivery with the stream's
/// global snapshot. Called from the fan-out's task; must not wait. Class-bound: binding the
/// outlet for each delivery costs a retain, not an existential's value-witness copy.
protocol ListenOutlet: AnyObject, Sendable {
    /// `bytes` (target `target`'s snapshot at `readTime`, encoded by its encoder) for the client.
    func deliver(_ bytes: SharedBytes, readTime: Timestamp, target: Int64)
}
