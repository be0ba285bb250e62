import HearthDatabase

/// Adding a child under a new push ID (REST `POST`). Over the WebSocket the client makes the
/// push ID itself and sends a `p`, so this is REST's alone.
struct DatabasePush: Sendable {
    var namespace: String
    /// The parent of the new child.
    var path: DatabasePath
    var value: DatabaseWriteData
}
