import HearthAuth
import HearthHTTP
import HearthJSON
import Logging
import Testing

@testable import HearthServer

/// The Auth port's REST adapter without sockets: bodies (JSON, forms, curl's JSON sent as a
/// form) read the same way, every refusal in identitytoolkit's shape with its status, admin
/// routes refused to API-key callers, and a request after bad input still served.
@Suite struct AuthRoutesTests {
    let store = AccountStore(now: { 1_700_000_000_000 })
    let responder: RouterResponder

    init() {
        let logger = Logger(label: "test")
        let routes = AuthRoutes(
            service: AuthService(store: self.store, logger: logger),
            caller: AuthCaller(defaultProject: "demo-p", identities: IdentityResolver(), logger: logger),
            adminAccess: AdminAccess())
        var router = Router()
        routes.register(on: &router)
        self.responder = router.responder(
            fallback: { request, failure in AuthErrorResponse.response(for: failure, method: request.method, path: request.path) },
            errorMapper: { error, _ in AuthErrorResponse.response(for: error) })
    }

    func send(_ method: HTTPMethod, _ uri: String, _ body: String = "", headers: HTTPHeaders = ["Content-Type": "application/json"]) async throws
        -> (Int, JSONObject)
    {
        let response = await self.responder.respond(to: Request(method: method, uri: uri, headers: headers, body: Array(body.utf8)))
        guard case .bytes(let bytes) = response.body else { throw AuthError("not buffered") }
        return (response.status.code, try #require(try JSONParser.parse(Array(bytes)).objectValue))
    }

    static let signUp = "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"

    @Test(arguments: [
        (#"{"email":"a@x.com","password":"secret1"}"#, "application/json"),
        ("email=a%40x.com&password=secret1", "application/x-www-form-urlencoded"),
        (#"{"email":"a@x.com","password":"secret1"}"#, "application/x-www-form-urlencoded"),
        (#"{"e_mail":"ignored","email":"a@x.com","pass_word":"x","password":"secret1"}"#, "text/plain"),
    ])
    func bodiesAreReadAlike(_ body: String, _ contentType: String) async throws {
        let (status, reply) = try await self.send(.post, Self.signUp, body, headers: ["Content-Type": contentType])
        #expect(status == 200, "\(reply)")
        #expect(reply["email"] == .string("a@x.com"))
    }

    @Test func snakeCaseKeysAreCamelCase() {
        #expect(AuthRequestBody.camelCase("grant_type") == "grantType")
        #expect(AuthRequestBody.camelCase("refresh_token") == "refreshToken")
        #expect(AuthRequestBody.camelCase("localId") == "localId")
    }

    /// (method, uri, body, headers, status, message)
    static let refusals: [(HTTPMethod, String, String, HTTPHeaders, Int, String)] = [
        (.post, signUp, "{", ["Content-Type": "application/json"], 400, "Invalid JSON payload received."),
        (.post, signUp, "[1]", ["Content-Type": "application/json"], 400, "Invalid JSON payload received. The body must be a JSON object (got array)."),
        (.post, signUp, #"{"email":5}"#, ["Content-Type": "application/json"], 400, "Invalid value at 'email' (TYPE_STRING), 5"),
        (.post, "/identitytoolkit.googleapis.com/v1/accounts:signUp", "{}", ["Content-Type": "application/json"], 403, "The request is missing a valid API key."),
        (.post, signUp, "{}", ["Authorization": "Bearer not-owner"], 401, "Request had invalid authentication credentials."),
        (.get, "/identitytoolkit.googleapis.com/v1/projects/demo-p/accounts:batchGet?key=k", "", [:], 403, "INSUFFICIENT_PERMISSION"),
        (.post, "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k", #"{"email":"a@x.com"}"#, [:], 400, "MISSING_PASSWORD"),
        (.post, "/securetoken.googleapis.com/v1/token?key=k", "grant_type=password", ["Content-Type": "application/x-www-form-urlencoded"], 400, "INVALID_GRANT_TYPE"),
        (.post, "/securetoken.googleapis.com/v1/token?key=k", "grant_type=refresh_token&refresh_token=abc", ["Content-Type": "application/x-www-form-urlencoded"], 400, "INVALID_REFRESH_TOKEN"),
        (.get, "/identitytoolkit.googleapis.com/v1/nothing", "", [:], 404, "Not Found"),
        (.post, "/identitytoolkit.googleapis.com/v1/projects/bad%20id/accounts:lookup", "{}", ["Authorization": "Bearer owner"], 400, "INVALID_PROJECT_ID : bad id"),
    ]

    @Test(arguments: 0..<refusals.count)
    func refusalsHaveIdentitytoolkitsShape(_ index: Int) async throws {
        let (method, uri, body, headers, status, message) = Self.refusals[index]
        let (code, reply) = try await self.send(method, uri, body, headers: headers)
        #expect(code == status)
        let error = try #require(reply["error"]?.objectValue)
        #expect(error["code"] == .number(JSONNumber(status)))
        #expect(error["message"]?.stringValue?.hasPrefix(message) == true, "\(error)")
        #expect(error["errors"]?.arrayValue?.first?.objectValue?["reason"] == .string("invalid"))
        // The server keeps serving after it.
        #expect(try await self.send(.post, Self.signUp, "{}").0 == 200)
    }

    @Test func theAdminSeesWhatUsersCannot() async throws {
        let (_, user) = try await self.send(.post, Self.signUp, #"{"email":"b@x.com","password":"secret1"}"#)
        let localID = try #require(user["localId"]?.stringValue)
        let owner: HTTPHeaders = ["Authorization": "Bearer owner", "Content-Type": "application/json"]
        let (status, found) = try await self.send(
            .post, "/identitytoolkit.googleapis.com/v1/projects/demo-p/accounts:lookup", #"{"email":["B@X.com"]}"#, headers: owner)
        #expect(status == 200)
        #expect(found["users"]?.arrayValue?.first?.objectValue?["localId"] == .string(localID))
        let (_, none) = try await self.send(.post, "/identitytoolkit.googleapis.com/v1/projects/demo-p/accounts:lookup", #"{"localId":["nobody"]}"#, headers: owner)
        #expect(none["users"] == nil, "no users member when nothing matched (firebase-admin reads that as not found)")
        let (denied, reply) = try await self.send(
            .post, "/identitytoolkit.googleapis.com/v1/accounts:update?key=k", #"{"localId":"\#(localID)","customAttributes":"{}"}"#)
        #expect(denied == 400 && reply["error"]?.objectValue?["message"] == .string("INVALID_REQ_TYPE : Unsupported request parameters."))
    }
}
