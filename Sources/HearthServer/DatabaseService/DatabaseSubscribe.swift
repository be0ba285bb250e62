import HearthDatabase

/// Opening a stream of a location's changes (REST `GET` with `Accept: text/event-stream`; the
/// WebSocket protocol's `q`).
struct DatabaseSubscribe: Sendable, Equatable {
    var namespace: String
    var path: DatabasePath
    /// A query stream follows the query's result, not the whole value.
    var query = DatabaseQuery()
    var format: DatabaseOutputFormat = .normal
}
