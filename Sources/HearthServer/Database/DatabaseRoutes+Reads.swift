import HearthDatabase
import HearthHTTP
import HearthJSON

extension DatabaseRoutes {
    /// GET: the value (or the query's result) at the location, with ETags (`rtdb.md` §1, §2):
    /// 304 when `if-none-match` still holds.
    func read(_ request: DatabaseRequest) throws(DatabaseError) -> Response {
        let read = DatabaseRead(namespace: request.namespace, path: request.path, query: request.query, format: request.output.format)
        let result = try self.service.read(read, as: request.caller)
        let etag = request.conditions.returnsETag ? result.etag : nil
        if let expected = request.conditions.ifNoneMatch, expected == etag {
            var response = Response(status: .notModified)
            response.headers.replaceOrAdd(name: "ETag", value: expected)
            return response
        }
        return request.output.response(result.json, etag: etag)
    }

    /// GET with `Accept: text/event-stream`: a denial is a normal 401, then the stream's
    /// response (`DatabaseStream`).
    func stream(_ request: DatabaseRequest) throws(DatabaseError) -> Response {
        let subscribe = DatabaseSubscribe(namespace: request.namespace, path: request.path, query: request.query, format: request.output.format)
        return try self.service.subscribe(subscribe, as: request.caller, credential: request.credential).response()
    }

    /// GET `/.settings/rules.json`: the source as uploaded, comments included, or parsed JSON
    /// with `format=strict`.
    func readRules(_ request: DatabaseRequest) throws(DatabaseError) -> Response {
        let source = try self.service.rulesSource(in: request.namespace, as: request.caller)
        if request.strictRules, let json = try? JSONParser.parse(RulesJSONComments.stripped(source)) {
            return request.output.response(json)
        }
        return Response(headers: ["Content-Type": "application/json; charset=utf-8"], body: .bytes(Array(source.utf8)))
    }

    /// GET `/.inspect/databases.json`: `[{"name": ns}, …]`, unauthenticated as the emulator UI asks.
    func listNamespaces(_ request: DatabaseRequest) -> Response {
        let names = self.service.namespaceNames(including: request.namespace)
        return request.output.response(.array(names.map { .object(JSONObject([.init(key: "name", value: .string($0))])) }))
    }
}
