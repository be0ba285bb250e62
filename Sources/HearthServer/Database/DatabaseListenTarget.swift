import HearthDatabase
import HearthJSON

/// Which listen of a connection a Realtime Database event belongs to: its location and, for a
/// query listen over the WebSocket protocol, its tag and the query object its client sent.
///
/// Why the event carries it: one WebSocket session holds many listens, and its pushes name
/// them (`d`/`m` with `p` and `t`, `c` with `p` and `q`: `streams.md` §1.5); an SSE stream is
/// one listen per response and ignores it. Cost: a path and, for tagged listens, the small
/// query object.
struct DatabaseListenTarget: Sendable, Equatable {
    let path: DatabasePath
    /// The tag the client gave a query listen; nil for a default listen (whole location).
    let tag: Int64?
    /// The client's `q` object for a tagged listen, echoed in the `c` push so the client finds
    /// the listen (the JS SDK keys listens by its canonical form).
    let query: JSONValue?

    init(path: DatabasePath, tag: Int64? = nil, query: JSONValue? = nil) {
        self.path = path
        self.tag = tag
        self.query = query
    }
}
