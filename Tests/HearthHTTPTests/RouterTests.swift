import HearthHTTP
import Testing

/// Router matching, precedence and failures, driven through `RouterResponder.respond(to:)`
/// with hand-built requests: no sockets.
struct RouterTests {
    /// A responder whose handlers answer with a description of what matched, so a table of
    /// (request, expected description) checks matching and decoding at once.
    static func makeResponder() -> RouterResponder {
        var router = Router()
        func describe(_ name: String) -> RouteHandler {
            { _, parameters in
                var text = name
                for key in ["project", "database", "id", "collection"] {
                    if let value = parameters[key] { text += " \(key)=\(value)" }
                }
                let path = parameters.segments("path")
                if !path.isEmpty { text += " path=" + path.joined(separator: "|") }
                if let verb = parameters.verb { text += " verb=\(verb)" }
                return .text(text)
            }
        }
        let base = "/v1/projects/{project}/databases/{database}/documents"
        router.on(.get, base + "/{path...}", use: describe("get"))
        router.on(.patch, base + "/{path...}", use: describe("patch"))
        router.on(.delete, base + "/{path...}", use: describe("delete"))
        router.on(.post, base + ":commit", use: describe("commit"))
        router.on(.post, base + ":runQuery", use: describe("runQueryRoot"))
        router.on(.post, base + "/{path...}:runQuery", use: describe("runQuery"))
        router.on(.post, base + "/{path...}:listen", use: describe("listen"))
        router.on(.get, base + "/special/{id}", use: describe("special"))
        router.on(.put, "/emulator/v1/projects/{project}:securityRules", use: describe("rules"))
        router.on(.get, "/", use: describe("root"))
        router.on(.head, "/only-head", use: describe("head-route"))
        router.on(.get, "/only-head", use: describe("get-route"))
        router.on(.get, "/things/{id}", use: describe("thing"))
        router.on(.get, "/fail", use: { _, _ in throw TestFailure.boom })
        return router.responder(
            fallback: { _, failure in
                switch failure {
                case .noRoute: .text("noRoute", status: .notFound)
                case .methodNotAllowed(let allowed):
                    .text("405 " + allowed.map(\.rawValue).joined(separator: ","), status: .methodNotAllowed)
                case .malformedPath(let message): .text("malformed: \(message)", status: .badRequest)
                }
            },
            errorMapper: { error, request in .text("mapped \(error) for \(request.path)", status: .internalServerError) }
        )
    }

    enum TestFailure: Error { case boom }

    static let responder = makeResponder()

    static func text(_ response: Response) -> String {
        guard case .bytes(let bytes) = response.body else { return "<not bytes>" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        ("GET", "/v1/projects/p/databases/(default)/documents/users/alice", "get project=p database=(default) path=users|alice"),
        ("GET", "/v1/projects/p/databases/%28default%29/documents/users/alice", "get project=p database=(default) path=users|alice"),
        ("GET", "/v1/projects/p/databases/d/documents/users/a%2Fb", "get project=p database=d path=users|a/b"),
        ("GET", "/v1/projects/p/databases/d/documents/users/a:b", "get project=p database=d path=users|a:b"),
        ("GET", "/v1/projects/p/databases/d/documents/users/caf%C3%A9?x=1", "get project=p database=d path=users|café"),
        ("PATCH", "/v1/projects/p/databases/d/documents/a/b/c/d", "patch project=p database=d path=a|b|c|d"),
        ("POST", "/v1/projects/p/databases/d/documents:commit", "commit project=p database=d verb=commit"),
        ("POST", "/v1/projects/p/databases/d/documents:runQuery", "runQueryRoot project=p database=d verb=runQuery"),
        ("POST", "/v1/projects/p/databases/d/documents/users/u1:runQuery", "runQuery project=p database=d path=users|u1 verb=runQuery"),
        ("POST", "/v1/projects/p/databases/d/documents/users/a:b:runQuery", "runQuery project=p database=d path=users|a:b verb=runQuery"),
        ("POST", "/v1/projects/p/databases/d/documents/rooms:listen", "listen project=p database=d path=rooms verb=listen"),
        ("GET", "/v1/projects/p/databases/d/documents/special/x", "special project=p database=d id=x"),
        ("GET", "/v1/projects/p/databases/d/documents/special/x/y", "get project=p database=d path=special|x|y"),
        ("GET", "/v1/projects/p/databases/d/documents/users//x", "get project=p database=d path=users||x"),
        ("GET", "/v1/projects/p/databases/d/documents/users/", "get project=p database=d path=users|"),
        ("PUT", "/emulator/v1/projects/demo:securityRules", "rules project=demo verb=securityRules"),
        ("GET", "/", "root"),
        ("HEAD", "/", "root"),
        ("HEAD", "/only-head", "head-route"),
        ("GET", "/only-head", "get-route"),
        ("HEAD", "/v1/projects/p/databases/d/documents/a/b", "get project=p database=d path=a|b"),
        ("GET", "/things/", "thing id="),
    ])
    func matches(method: String, uri: String, expected: String) async {
        let response = await Self.responder.respond(to: Request(method: HTTPMethod(rawValue: method), uri: uri))
        #expect(response.status == .ok)
        #expect(Self.text(response) == expected)
    }

    @Test(arguments: [
        ("GET", "/nope", "noRoute"),
        ("GET", "/v1/projects/p/databases/d/documents", "noRoute"),
        ("GET", "/things/a/b", "noRoute"),
        ("GET", "/emulator/v1/projects/demo", "noRoute"),
        ("GET", "/v1/projects/p/databases/d/documents:commit", "405 POST"),
        ("POST", "/v1/projects/p/databases/d/documents/a/b", "405 GET,HEAD,PATCH,DELETE"),
        ("DELETE", "/", "405 GET,HEAD"),
        ("PUT", "/emulator/v1/projects/demo:securityRules:x", "noRoute"),
    ])
    func failures(method: String, uri: String, expected: String) async {
        let response = await Self.responder.respond(to: Request(method: HTTPMethod(rawValue: method), uri: uri))
        #expect(Self.text(response) == expected)
    }

    @Test(arguments: [
        "/v1/projects/p/databases/d/documents/users/a%ZZ",
        "/v1/projects/p/databases/d/documents/users/a%",
        "/v1/projects/p/databases/d/documents/users/a%2",
        "/v1/projects/p/databases/d/documents/users/%FF%FE",
        "/v1/projects/p%/databases/d/documents/users/a",
    ])
    func malformedCapturesAreReported(uri: String) async {
        let response = await Self.responder.respond(to: Request(method: .get, uri: uri))
        #expect(response.status == .badRequest)
        #expect(Self.text(response).hasPrefix("malformed: "))
    }

    @Test func malformedPathMessageNamesTheEscape() async {
        let response = await Self.responder.respond(
            to: Request(method: .get, uri: "/v1/projects/p/databases/d/documents/users/a%ZZ")
        )
        #expect(Self.text(response).contains("'%ZZ'"))
    }

    @Test func thrownErrorsGoToTheErrorMapper() async {
        let response = await Self.responder.respond(to: Request(method: .get, uri: "/fail"))
        #expect(response.status == .internalServerError)
        #expect(Self.text(response) == "mapped boom for /fail")
    }

    @Test func registrationOrderBreaksTies() async {
        var router = Router()
        router.on(.get, "/a/{x}", use: { _, _ in .text("first") })
        router.on(.get, "/a/{y}", use: { _, _ in .text("second") })
        router.on(.get, "/b/{x}", use: { _, _ in .text("capture") })
        router.on(.get, "/b/literal", use: { _, _ in .text("literal") })
        let responder = router.responder(fallback: { _, _ in .text("none") }, errorMapper: { _, _ in .text("err") })
        #expect(Self.text(await responder.respond(to: Request(method: .get, uri: "/a/1"))) == "first")
        #expect(Self.text(await responder.respond(to: Request(method: .get, uri: "/b/literal"))) == "literal")
        #expect(Self.text(await responder.respond(to: Request(method: .get, uri: "/b/other"))) == "capture")
    }

    @Test func parametersCanBeBuiltForHandlerTests() {
        let parameters = RouteParameters(["project": "p"], rest: ["path": ["a", "b"]], verb: "commit")
        #expect(parameters["project"] == "p")
        #expect(parameters.segments("path") == ["a", "b"])
        #expect(parameters["path"] == "a/b")
        #expect(parameters["missing"] == nil)
        #expect(parameters.verb == "commit")
    }
}
