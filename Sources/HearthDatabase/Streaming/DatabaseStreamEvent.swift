import HearthJSON

/// One event of the REST streaming protocol (`rtdb.md` §4.3): its name and its data, without
/// any wire framing (the server's `SSEEncoder` frames it as a server-sent event).
///
/// `put` replaces the value at `path` (relative to the stream's location, `/` for the whole
/// location); `patch` replaces, for each member, the child at `path` + the member's relative
/// path (`null` deletes). The others carry no data of their own.
public enum DatabaseStreamEvent: Sendable, Equatable {
    /// One child replaced by a `patch`.
    public struct Member: Sendable, Equatable {
        /// Relative to the event's path; never the root.
        public let path: DatabasePath
        public let value: DatabaseNode

        public init(path: DatabasePath, value: DatabaseNode) {
            self.path = path
            self.value = value
        }
    }

    case put(path: DatabasePath, data: DatabaseNode)
    case patch(path: DatabasePath, data: [Member])
    /// Sent about every 30 s so the client knows the connection is alive.
    case keepAlive
    /// Rules no longer allow the read; the server closes the stream after it.
    case cancel
    /// The credential expired; the server closes the stream and refuses the reconnect with 401.
    case authRevoked

    /// The `event:` name.
    public var name: String {
        switch self {
        case .put: "put"
        case .patch: "patch"
        case .keepAlive: "keep-alive"
        case .cancel: "cancel"
        case .authRevoked: "auth_revoked"
        }
    }

    /// The `data:` line's content: one line of compact JSON, `{"path":"/a","data":…}` for `put`
    /// and `patch` (members keyed `a/b`), `null` for `keep-alive` and `cancel` (any other
    /// `cancel` data kills the Python clients' listeners), and the raw, unquoted text
    /// `credential is no longer valid` for `auth_revoked`, which both Python clients compare.
    public func data(_ format: DatabaseOutputFormat = .normal) -> [UInt8] {
        switch self {
        case .put(let path, let data):
            return Self.envelope(path, data.json(format))
        case .patch(let path, let members):
            var object = JSONObject()
            for member in members { object.append(key: member.path.relativeDescription, value: member.value.json(format)) }
            return Self.envelope(path, .object(object))
        case .keepAlive, .cancel:
            return Array("null".utf8)
        case .authRevoked:
            return Array("credential is no longer valid".utf8)
        }
    }

    private static func envelope(_ path: DatabasePath, _ data: JSONValue) -> [UInt8] {
        JSONValue.object(JSONObject([.init(key: "path", value: .string(path.description)), .init(key: "data", value: data)])).serialized()
    }
}
