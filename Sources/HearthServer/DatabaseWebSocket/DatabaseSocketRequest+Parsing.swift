import HearthDatabase
import HearthJSON

extension DatabaseSocketRequest {
    /// Parses one whole message (frames joined). Envelope and request-number problems throw a
    /// `DatabaseSocketProtocolError` without a number (the connection is closed); a request
    /// whose number was read but whose body is wrong throws one with the number (the client
    /// gets an error reply); invalid data or paths throw `DatabaseError`s wrapped the same way.
    init(message: String) throws(DatabaseSocketProtocolError) {
        guard let json = try? JSONParser.parse(message), let envelope = json.objectValue,
            let type = envelope["t"]?.stringValue, let data = envelope["d"]?.objectValue
        else {
            throw DatabaseSocketProtocolError("Messages must be JSON objects {\"t\":\"d\",\"d\":{\"r\":1,\"a\":\"q\",\"b\":{…}}} (Realtime Database protocol v5).")
        }
        if type == "c" {
            self = data["t"]?.stringValue == "p" ? .ping : .ignored
            return
        }
        guard type == "d" else { throw DatabaseSocketProtocolError("Unknown message type '\(type)': the client sends 'd' (data) or 'c' (control).") }
        guard let number = data["r"]?.numberValue?.int64Value, let action = data["a"]?.stringValue else {
            throw DatabaseSocketProtocolError("A data message needs a request number (r) and an action (a).")
        }
        let body = data["b"]?.objectValue ?? JSONObject()
        do throws(DatabaseError) {
            self = .request(number: number, try Self.action(action, body))
        } catch {
            throw DatabaseSocketProtocolError(request: number, error.message)
        }
    }

    private static func action(_ action: String, _ body: JSONObject) throws(DatabaseError) -> Action {
        switch action {
        case "q", "l":
            return .listen(try Self.target(body), try DatabaseSocketQuery.parse(body["q"]))
        case "n", "u":
            return .unlisten(try Self.target(body))
        case "g":
            return .get(try Self.path(body), try DatabaseSocketQuery.parse(body["q"]))
        case "p":
            return .put(try Self.path(body), try DatabaseWriteData(json: body["d"] ?? .null), hash: body["h"]?.stringValue)
        case "m":
            return .merge(try Self.path(body), try Self.update(body))
        case "o":
            return .onDisconnectPut(try Self.path(body), try DatabaseWriteData(json: body["d"] ?? .null))
        case "om":
            return .onDisconnectMerge(try Self.path(body), try Self.update(body))
        case "oc":
            return .onDisconnectCancel(try Self.path(body))
        case "auth", "gauth":
            guard let credential = body["cred"]?.stringValue else { throw .badRequest("auth needs a credential (cred): an ID token or owner.") }
            return .authenticate(credential: credential)
        case "unauth":
            return .unauthenticate
        case "s", "appcheck", "unappeck":
            return .acknowledge
        default:
            return .unknown(action)
        }
    }

    /// The listen's path, tag and (tagged) query object.
    private static func target(_ body: JSONObject) throws(DatabaseError) -> DatabaseListenTarget {
        let path = try Self.path(body)
        guard let tag = body["t"]?.numberValue?.int64Value else { return DatabaseListenTarget(path: path) }
        return DatabaseListenTarget(path: path, tag: tag, query: body["q"])
    }

    private static func path(_ body: JSONObject) throws(DatabaseError) -> DatabasePath {
        guard let path = body["p"]?.stringValue else { throw .badRequest("The request needs a path (p), such as \"/users/alice\".") }
        return try DatabasePath(path)
    }

    private static func update(_ body: JSONObject) throws(DatabaseError) -> DatabaseUpdate {
        guard let data = body["d"], data.objectValue != nil else { throw .updateNotAnObject }
        return try DatabaseUpdate(json: data)
    }
}
