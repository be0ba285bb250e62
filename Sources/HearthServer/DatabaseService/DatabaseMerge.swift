import HearthDatabase

/// A multi-path update below a location (REST `PATCH`; the WebSocket protocol's `m`): each
/// entry is written at its relative path, other children are left alone.
struct DatabaseMerge: Sendable {
    var namespace: String
    var path: DatabasePath
    var update: DatabaseUpdate
}
