import HearthDatabase
import HearthJSON

/// The Realtime Database WebSocket protocol's server messages (`streams.md` §1.2-1.5), the one
/// place they are spelled: the hello, replies, and a session's events as pushes. Each message
/// is compact JSON, split into frames when long (`DatabaseSocketFraming`), each frame ended by a
/// line feed for `WebSocketOutbox`.
///
/// Pushes: a listen's `put` is `d` (overwrite) at the listen's location plus the event's path,
/// a `patch` is `m` (merge, keys are relative paths); the several `put`s of one query change
/// go as one `m` at the location (each key overwritten, as the SDK applies a merge). A tagged
/// listen's pushes carry `t`. Data is in the export format (priorities kept, no array
/// rendering), which the SDKs read. `c` names a listen whose access was revoked; `ac` says
/// the credential expired (`expired_token`) or was refused since: tokens revoked
/// (`expired_token`: the SDK refreshes its token) or the user disabled (`invalid_token`). Keep-alives say nothing: the SDK needs none.
struct DatabaseSocketEncoder: SessionEncoder {
    var sharingKey: String { "ws/database" }

    func encode(_ event: SessionEvent) -> [UInt8] {
        switch event {
        case .changes(let events, let target):
            return Self.pushes(events, target).flatMap { DatabaseSocketFraming.frames(of: $0.serialized()) }
        case .cancel(let target):
            var body = JSONObject([.init(key: "p", value: .string(target.path.relativeDescription))])
            if let query = target.query { body.append(key: "q", value: .array([query])) }
            return DatabaseSocketFraming.frames(of: Self.push("c", body).serialized())
        case .revoked(let refusal):
            let error: DatabaseError =
                switch refusal?.account {
                case .disabled?: .authUserDisabled
                case .revoked?: .authTokenRevoked
                case nil: .authTokenExpired
                }
            return DatabaseSocketFraming.frames(of: Self.authRevoked(DatabaseSocketStatus.of(error), error.message).serialized())
        case .keepAlive, .snapshot, .error:
            return []
        }
    }

    /// The server's hello, the first message: `ts` its clock (the SDK's server time offset),
    /// `v` the protocol version, `h` the host the client reached (iOS reconnects to it), `s`
    /// the session id.
    static func hello(now: Int64, host: String, session: String) -> [UInt8] {
        let body = JSONObject([
            .init(key: "ts", value: .number(JSONNumber(now))), .init(key: "v", value: .string("5")),
            .init(key: "h", value: .string(host)), .init(key: "s", value: .string(session)),
        ])
        return Self.frames(["t": "c", "d": ["t": "h", "d": .object(body)]])
    }

    /// The reply to a control ping.
    static let pong = Self.frames(["t": "c", "d": ["t": "o", "d": nil]])

    /// The reply to request `number`: `{t:"d", d:{r, b:{s, d}}}`.
    static func reply(_ number: Int64, status: String, data: JSONValue? = nil) -> [UInt8] {
        var body = JSONObject([.init(key: "s", value: .string(status))])
        if let data { body.append(key: "d", value: data) }
        let message = JSONObject([.init(key: "r", value: .number(JSONNumber(number))), .init(key: "b", value: .object(body))])
        return Self.frames(["t": "d", "d": .object(message)])
    }

    /// The reply to a request that failed with `error`: its status and text.
    static func reply(_ number: Int64, error: DatabaseError) -> [UInt8] {
        Self.reply(number, status: DatabaseSocketStatus.of(error), data: .string(error.message))
    }

    /// `ac`: the credential is no longer valid; the client drops it and reconnects.
    static func authRevoked(_ status: String, _ explanation: String) -> JSONValue {
        Self.push("ac", JSONObject([.init(key: "s", value: .string(status)), .init(key: "d", value: .string(explanation))]))
    }

    private static func frames(_ message: JSONValue) -> [UInt8] {
        DatabaseSocketFraming.frames(of: message.serialized())
    }

    private static func push(_ action: String, _ body: JSONObject) -> JSONValue {
        ["t": "d", "d": ["a": .string(action), "b": .object(body)]]
    }

    /// The `d`/`m` pushes of one change's events.
    private static func pushes(_ events: [DatabaseStreamEvent], _ target: DatabaseListenTarget) -> [JSONValue] {
        let puts = events.compactMap { event -> (DatabasePath, DatabaseNode)? in
            if case .put(let path, let data) = event, !path.isRoot { return (path, data) }
            return nil
        }
        if events.count > 1, puts.count == events.count {
            var merge = JSONObject()
            for (path, data) in puts { merge.append(key: path.relativeDescription, value: data.json(.export)) }
            return [Self.data("m", target.path, .object(merge), target.tag)]
        }
        return events.compactMap { event in
            switch event {
            case .put(let path, let data):
                return Self.data("d", target.path.appending(path), data.json(.export), target.tag)
            case .patch(let path, let members):
                var merge = JSONObject()
                for member in members { merge.append(key: member.path.relativeDescription, value: member.value.json(.export)) }
                return Self.data("m", target.path.appending(path), .object(merge), target.tag)
            case .keepAlive, .cancel, .authRevoked:
                return nil
            }
        }
    }

    private static func data(_ action: String, _ path: DatabasePath, _ data: JSONValue, _ tag: Int64?) -> JSONValue {
        var body = JSONObject([.init(key: "p", value: .string(path.relativeDescription)), .init(key: "d", value: data)])
        if let tag { body.append(key: "t", value: .number(JSONNumber(tag))) }
        return Self.push(action, body)
    }
}
