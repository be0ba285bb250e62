import HearthDatabase
import HearthHTTP
import HearthJSON
import HearthRules

extension DatabaseRoutes {
    /// GET: the value (or the query's result) at the location, with ETags (`rtdb.md` §1, §2).
    func read(_ call: DatabaseCall) throws -> Response {
        let request = call.request
        try call.authorizeRead()
        if self.settings.enforcesIndexes { try call.requireIndex() }
        let value = call.store.get(request.path)
        let etag = request.conditions.returnsETag ? DatabaseETag.of(value) : nil
        if let expected = request.conditions.ifNoneMatch, expected == etag {
            var response = Response(status: .notModified)
            response.headers.replaceOrAdd(name: "ETag", value: expected)
            return response
        }
        return request.output.response(request.query.result(of: value, format: request.output.format), etag: etag)
    }

    /// GET `/.settings/rules.json`: the source as uploaded, comments included, or parsed JSON
    /// with `format=strict`; the emulator's open rules when none are loaded.
    func readRules(_ call: DatabaseCall) throws -> Response {
        try call.requireAdmin()
        let source = call.rules?.source ?? DatabaseRuleset.openAccessSource
        if call.request.strictRules, let json = try? JSONParser.parse(RulesJSONComments.stripped(source)) {
            return call.request.output.response(json)
        }
        return Response(headers: ["Content-Type": "application/json; charset=utf-8"], body: .bytes(Array(source.utf8)))
    }

    /// GET `/.inspect/databases.json`: `[{"name": ns}, …]`, unauthenticated as the emulator UI asks.
    func listNamespaces(_ call: DatabaseCall) -> Response {
        let names = Set(self.namespaces.names).union([call.request.namespace]).sorted()
        return call.request.output.response(.array(names.map { .object(JSONObject([.init(key: "name", value: .string($0))])) }))
    }
}

extension DatabaseRoutes {
    /// GET with `Accept: text/event-stream`: the read rule is checked before the stream
    /// starts (a denial is a normal 401), then `DatabaseStream` takes over.
    func stream(_ call: DatabaseCall) throws -> Response {
        try call.authorizeRead()
        let stream = DatabaseStream(call: call, registry: self.rules, settings: self.settings, streams: self.streams, fanout: self.fanout)
        return stream.response()
    }
}
