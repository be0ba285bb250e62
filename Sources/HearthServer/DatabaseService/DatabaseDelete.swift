import HearthDatabase

/// Removing the value at a location (REST `DELETE`; a `p` of `null` over the WebSocket).
struct DatabaseDelete: Sendable, Equatable {
    var namespace: String
    var path: DatabasePath
    /// Delete only if the current value has this ETag (`if-match`).
    var ifMatch: String?
}
