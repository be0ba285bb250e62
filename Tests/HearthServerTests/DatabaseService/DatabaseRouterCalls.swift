import HearthDatabase
import HearthHTTP
import HearthJSON

@testable import HearthServer

/// The router driver: each test operation as the REST request a client sends, through the
/// router the server puts on its port, with the response reduced to an outcome.
struct DatabaseRouterCalls {
    let fixture: DatabaseServiceFixture

    func perform(_ operation: DatabaseTestOperation, as caller: DatabaseTestCaller) async -> DatabaseTestOutcome {
        switch operation {
        case .read(let path, let query, let etag):
            let response = await self.send(.get, path, query, as: caller, headers: etag ? ["X-Firebase-ETag": "true"] : [:])
            return Self.outcome(response) { .value(Self.compact($0), etag: etag ? response.headers["ETag"] : nil) }
        case .set(let path, let value, let ifMatch):
            let response = await self.send(.put, path, [], as: caller, headers: ifMatch.map { ["if-match": $0] } ?? [:], body: value)
            return Self.outcome(response) { .value(Self.compact($0)) }
        case .merge(let path, let value):
            return Self.outcome(await self.send(.patch, path, [], as: caller, body: value)) { .value(Self.compact($0)) }
        case .push(let path, let value):
            let response = await self.send(.post, path, [], as: caller, body: value)
            guard response.status == .ok, case .object(let object)? = try? JSONParser.parse(Self.body(response)), case .string(let name)? = object["name"] else {
                return Self.outcome(response) { .failed(0, "unexpected push answer \($0)") }
            }
            let child = await self.send(.get, path + "/" + name, [], as: .admin)
            return .pushed(Self.compact(Self.body(child)))
        case .delete(let path, let ifMatch):
            return Self.outcome(await self.send(.delete, path, [], as: caller, headers: ifMatch.map { ["if-match": $0] } ?? [:])) { .value(Self.compact($0)) }
        case .subscribe(let path, let query):
            let response = await self.send(.get, path, query, as: caller, headers: ["Accept": "text/event-stream"])
            return Self.outcome(response) { _ in response.headers["Content-Type"]?.hasPrefix("text/event-stream") == true ? .streaming : .failed(0, "not a stream") }
        case .readRules:
            return Self.outcome(await self.send(.get, "/.settings/rules", [], as: caller)) { .rules($0) }
        case .uploadRules(let source):
            let response = await self.send(.put, "/.settings/rules", [], as: caller, body: source)
            return Self.outcome(response) { $0 == #"{"status":"ok"}"# ? .uploaded : .failed(0, $0) }
        case .namespaces:
            return Self.outcome(await self.send(.get, "/.inspect/databases", [], as: caller)) { body in
                guard case .array(let items)? = try? JSONParser.parse(body) else { return .failed(0, body) }
                return .namespaces(items.compactMap { if case .object(let item) = $0, case .string(let name)? = item["name"] { name } else { nil } })
            }
        }
    }

    /// `method /<path>.json?<query>` with the caller's credentials.
    private func send(
        _ method: HTTPMethod, _ path: String, _ query: [(String, String)], as caller: DatabaseTestCaller, headers: HTTPHeaders = [:],
        body: String = ""
    ) async -> Response {
        let (credentials, credentialHeaders) = caller.credentials
        let parameters = query.map { "\($0.0)=\(Self.encode($0.1))" } + (credentials.isEmpty ? [] : [credentials])
        var allHeaders = headers
        for (name, value) in credentialHeaders { allHeaders.replaceOrAdd(name: name, value: value) }
        let uri = (path == "/" ? "" : path) + ".json" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        return await self.fixture.router.respond(to: Request(method: method, uri: uri.hasPrefix("/") ? uri : "/" + uri, headers: allHeaders, body: Array(body.utf8)))
    }

    /// 412 is `stale`, other failures `failed` with the `error` text; success is `success(body)`.
    private static func outcome(_ response: Response, _ success: (String) -> DatabaseTestOutcome) -> DatabaseTestOutcome {
        let body = Self.body(response)
        switch response.status.code {
        case 200..<300: return success(body)
        case 412: return .stale(Self.compact(body))
        default:
            guard case .object(let object)? = try? JSONParser.parse(body), case .string(let message)? = object["error"] else {
                return .failed(response.status.code, body)
            }
            return .failed(response.status.code, message)
        }
    }

    private static func body(_ response: Response) -> String {
        if case .bytes(let bytes) = response.body { return String(decoding: bytes, as: UTF8.self) }
        return ""
    }

    private static func compact(_ text: String) -> String {
        (try? JSONParser.parse(text)).map { String(decoding: $0.serialized(), as: UTF8.self) } ?? text
    }

    /// Percent-encodes everything but letters and digits.
    private static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let isPlain = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            encoded += isPlain ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return encoded
    }
}

