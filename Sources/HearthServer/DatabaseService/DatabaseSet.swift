import HearthDatabase

/// Replacing the value at a location (REST `PUT`; the WebSocket protocol's `p`). `null` deletes.
struct DatabaseSet: Sendable {
    var namespace: String
    var path: DatabasePath
    var value: DatabaseWriteData
    /// Write only if the current value has this ETag (`if-match`; `null_etag`: only if absent).
    var ifMatch: String?
}
