import HearthDatabase

/// What a plain (non-query) listen's bytes for a change depend on: its location and its
/// session's encoder (which carries the output format). Listens with equal encodings share one
/// encoding per change (`DatabaseStreamFanout`).
struct DatabaseStreamEncoding: Sendable, Hashable {
    let path: DatabasePath
    /// The encoder's `SessionEncoder.sharingKey`.
    let encoder: String
}
