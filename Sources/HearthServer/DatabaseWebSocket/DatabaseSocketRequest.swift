import HearthDatabase
import HearthJSON

/// One client message of the Realtime Database WebSocket protocol (`streams.md` §1.2, §1.4),
/// parsed at the edge: paths are `DatabasePath`s, queries `DatabaseQuery`s, written data
/// `DatabaseWriteData`/`DatabaseUpdate`; no raw JSON object gets past the parser except the
/// query object a listen echoes back in `c`.
enum DatabaseSocketRequest: Sendable {
    /// A data message `{t:"d", d:{r, a, b}}`: `number` is `r`, which the reply carries.
    case request(number: Int64, Action)
    /// A control message the server answers: the client's ping (`{t:"c", d:{t:"p"}}`), answered with a pong.
    case ping
    /// A control message the server does not act on.
    case ignored

    enum Action: Sendable {
        /// `q` (and the old untagged `l`): listen at `target.path`, with `query` for a tagged listen.
        case listen(DatabaseListenTarget, DatabaseQuery)
        /// `n` (and the old `u`): stop that listen.
        case unlisten(DatabaseListenTarget)
        /// `g`: read once.
        case get(DatabasePath, DatabaseQuery)
        /// `p`: set (null deletes); `hash` (`h`) makes it conditional, a transaction's write.
        case put(DatabasePath, DatabaseWriteData, hash: String?)
        /// `m`: multi-path update.
        case merge(DatabasePath, DatabaseUpdate)
        /// `o`: set when the connection ends.
        case onDisconnectPut(DatabasePath, DatabaseWriteData)
        /// `om`: update when the connection ends.
        case onDisconnectMerge(DatabasePath, DatabaseUpdate)
        /// `oc`: cancel the onDisconnect operations at and below the path.
        case onDisconnectCancel(DatabasePath)
        /// `auth` / `gauth`: present a credential (an ID token or `owner`).
        case authenticate(credential: String)
        /// `unauth`: drop the credential.
        case unauthenticate
        /// `s` stats, `appcheck`, `unappeck`: acknowledged, nothing to do.
        case acknowledge
        /// An action this server does not know.
        case unknown(String)
    }
}
