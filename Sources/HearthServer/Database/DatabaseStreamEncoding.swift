import HearthDatabase

/// What a plain (non-query) stream's bytes for a change depend on: its location and output
/// format. Streams with equal encodings share one encoding per change (`DatabaseStreamFanout`).
struct DatabaseStreamEncoding: Sendable, Hashable {
    let path: DatabasePath
    let format: DatabaseOutputFormat
}
