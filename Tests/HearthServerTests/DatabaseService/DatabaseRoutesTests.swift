import HearthHTTP
import Testing

@testable import HearthServer

/// What only the REST side has, through the router in-process: the liveness answer, the
/// `.json` suffix, method overrides, methods and paths the router cannot route (answered in
/// RTDB's error format, in the words parsing always used), and which spellings of the rules
/// path are trusted-only for browsers.
@Suite struct DatabaseRoutesTests {
    struct Row: Sendable, CustomStringConvertible {
        let method: HTTPMethod
        let uri: String
        let status: Int
        /// The body, or the `error` text for a failure.
        let body: String
        var description: String { "\(self.method) \(self.uri)" }
    }

    static let rows: [Row] = [
        Row(method: .get, uri: "/", status: 200, body: "Ok"),
        Row(method: .get, uri: "/?ns=other", status: 200, body: "Ok"),
        Row(method: .head, uri: "/", status: 404, body: "Realtime Database URLs end in .json: GET /users/alice.json reads /users/alice (got /)."),
        Row(method: .post, uri: "/", status: 404, body: "Realtime Database URLs end in .json: GET /users/alice.json reads /users/alice (got /)."),
        Row(method: .get, uri: "/a", status: 404, body: "Realtime Database URLs end in .json: GET /users/alice.json reads /users/alice (got /a)."),
        Row(method: .get, uri: "/a.json", status: 200, body: #"{"b":1}"#),
        Row(method: .get, uri: "//a//.json/", status: 200, body: #"{"b":1}"#),
        Row(method: .get, uri: "/%61.json", status: 200, body: #"{"b":1}"#),
        Row(method: .post, uri: "/a.json?x-http-method-override=GET", status: 200, body: #"{"b":1}"#),
        Row(method: .post, uri: "/a/b.json?x-http-method-override=put", status: 200, body: "2"),
        Row(method: .post, uri: "/a.json?x-http-method-override=TRACE", status: 400, body: "X-HTTP-Method-Override must be GET, PUT, POST, PATCH or DELETE (got 'TRACE')."),
        Row(method: .options, uri: "/a.json", status: 400, body: "The Realtime Database REST API accepts GET, PUT, POST, PATCH and DELETE (got OPTIONS)."),
        Row(method: .options, uri: "/a.json?ns=BAD", status: 400, body: "The Realtime Database REST API accepts GET, PUT, POST, PATCH and DELETE (got OPTIONS)."),
        Row(method: .get, uri: "/%zz.json", status: 400, body: "Invalid path: Invalid token in path"),
        Row(method: .get, uri: "/%zz.json?ns=BAD", status: 400, body: "Invalid namespace 'BAD': use 1 to 63 lowercase letters, digits and hyphens (e.g. ?ns=my-project-default-rtdb)."),
        Row(method: .delete, uri: "/.settings/rules.json?auth=owner", status: 400, body: "DELETE is not supported on /.settings/rules.json."),
        Row(method: .get, uri: "/.settings//rules.json/", status: 401, body: "Permission denied"),
        Row(method: .put, uri: "/.inspect/databases.json", status: 400, body: "PUT is not supported on /.inspect/databases.json."),
    ]

    @Test(arguments: Self.rows)
    func routes(_ row: Row) async throws {
        let fixture = try DatabaseServiceFixture(seed: #"{"a":{"b":1}}"#)
        let body = row.method == .post && row.uri.contains("override=put") ? Array("2".utf8) : []
        let response = await fixture.router.respond(to: Request(method: row.method, uri: row.uri, body: body))
        #expect(response.status.code == row.status)
        guard case .bytes(let bytes) = response.body else {
            Issue.record("no body")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == row.body || text.contains("\"error\" : \"\(row.body)\""), "\(text)")
    }

    /// A path is percent-decoded once, by the router: `%2525` names the key `%25`, never `%`.
    @Test func aPathIsPercentDecodedOnce() async throws {
        let fixture = try DatabaseServiceFixture(seed: #"{"a%25":{"b":1},"a%":{"b":2}}"#)
        func text(_ response: Response) -> String {
            guard case .bytes(let bytes) = response.body else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(text(await fixture.router.respond(to: Request(method: .get, uri: "/a%2525.json"))) == #"{"b":1}"#)
        #expect(text(await fixture.router.respond(to: Request(method: .get, uri: "/a%25.json"))) == #"{"b":2}"#)
        let written = await fixture.router.respond(to: Request(method: .put, uri: "/c%2525.json", body: Array("3".utf8)))
        #expect(written.status.code == 200)
        #expect(text(await fixture.router.respond(to: Request(method: .get, uri: "/c%25.json"))) == "null")
        let keys = text(await fixture.router.respond(to: Request(method: .get, uri: "/.json?shallow=true")))
        #expect(keys.contains(#""c%25""#), "\(keys)")
    }

    @Test(arguments: [
        ("/.settings/rules.json", CrossOriginAccess.trustedOrigins),
        ("/.settings//rules.json/", .trustedOrigins),
        ("/%2Esettings/rules.json", .trustedOrigins),
        ("/settings/rules.json", .anyOrigin),
        ("/.inspect/databases.json", .anyOrigin),
        ("/users.json", .anyOrigin),
    ])
    func theRulesPathIsTrustedOnlyHoweverSpelled(path: String, expected: CrossOriginAccess) throws {
        let fixture = try DatabaseServiceFixture()
        #expect(fixture.router.crossOriginAccess(for: Request(method: .options, uri: path)) == expected)
    }
}
