public import HearthDatabase

/// The REST request a Realtime Database rules test case makes, already parsed as the server
/// parses it, so the runner drives the authorization code the server runs for that request.
public enum DatabaseRulesTestOperation: Sendable {
    /// GET, with its query (`orderBy`, bounds, limits; an unfiltered query for a plain read):
    /// `.read` from the root down, with the rules' `query` filled in.
    case read(DatabasePath, DatabaseQuery)
    /// PUT: `.write` and `.validate` for the value replacing the location.
    case set(DatabasePath, DatabaseWriteData)
    /// POST: a set at a new push ID below the location.
    case push(DatabasePath, DatabaseWriteData)
    /// PATCH: a multi-path update, every key its own write location.
    case update(DatabasePath, DatabaseUpdate)
    /// DELETE: a set of null (deletes are not validated).
    case delete(DatabasePath)
}
