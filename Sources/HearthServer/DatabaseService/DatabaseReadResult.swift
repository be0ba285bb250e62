import HearthDatabase
import HearthJSON

/// What a read found: the whole value at the location, rendered on demand.
///
/// Both renderings are computed only when asked, because each costs a walk of the value: a
/// REST read answering 304 never renders the JSON, one without ETags never hashes.
struct DatabaseReadResult: Sendable {
    /// The value at the location, before the query selects from it.
    let value: DatabaseNode
    let query: DatabaseQuery
    let format: DatabaseOutputFormat

    /// The query's result in the asked format (the response body). O(size of the value).
    var json: JSONValue { self.query.result(of: self.value, format: self.format) }

    /// The value's ETag (`rtdb.md` §2; the WebSocket protocol's hash): of the whole value at
    /// the location, whatever the query, as production computes it. O(size of the value).
    var etag: String { DatabaseETag.of(self.value) }
}
