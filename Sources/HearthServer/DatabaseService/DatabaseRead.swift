import HearthDatabase

/// A read of one location (REST `GET /<path>.json`; the WebSocket protocol's `g`).
struct DatabaseRead: Sendable, Equatable {
    var namespace: String
    var path: DatabasePath
    /// `orderBy`, bounds, limits and `shallow`; unfiltered for a plain read.
    var query = DatabaseQuery()
    /// `format=export`: priorities included, no array rendering.
    var format: DatabaseOutputFormat = .normal
}
