import HearthHTTP
import Testing

struct HTTPHeadersTests {
    @Test func lookupIsCaseInsensitiveAndOrdered() {
        var headers: HTTPHeaders = ["Content-Type": "a", "X-Multi": "1"]
        headers.add(name: "x-multi", value: "2")
        #expect(headers["content-type"] == "a")
        #expect(headers["CONTENT-TYPE"] == "a")
        #expect(headers.values(for: "X-MULTI") == ["1", "2"])
        #expect(headers.contains("x-multi"))
        #expect(!headers.contains("x-mult"))
        #expect(headers["missing"] == nil)
        headers.replaceOrAdd(name: "X-Multi", value: "3")
        #expect(headers.values(for: "x-multi") == ["3"])
        headers.replaceOrAdd(name: "New", value: "n")
        #expect(headers["new"] == "n")
        headers.remove(name: "content-TYPE")
        #expect(!headers.contains("Content-Type"))
        #expect(headers.map(\.name) == ["X-Multi", "New"])
    }

    @Test(arguments: [("a", "A", true), ("[", "{", false), ("@", "`", false), ("ab", "abc", false), ("Ü", "ü", false)])
    func nameComparison(lhs: String, rhs: String, equal: Bool) {
        let headers: HTTPHeaders = [lhs: "v"]
        #expect(headers.contains(rhs) == equal)
    }
}

struct URLQueryTests {
    @Test(arguments: [
        ("a=1&b=2", [("a", "1"), ("b", "2")]),
        ("a=1&a=2", [("a", "1"), ("a", "2")]),
        ("q=hello+world%21", [("q", "hello world!")]),
        ("flag&x=", [("flag", ""), ("x", "")]),
        ("bad=%ZZ&end=%", [("bad", "%ZZ"), ("end", "%")]),
        ("k=a=b", [("k", "a=b")]),
        ("&&a=1&", [("a", "1")]),
        ("%E2%9C%93=%E2%9C%93", [("✓", "✓")]),
        ("", []),
    ])
    func parsing(raw: String, expected: [(String, String)]) {
        let query = URLQuery(raw)
        #expect(query.items.map(\.name) == expected.map(\.0))
        #expect(query.items.map(\.value) == expected.map(\.1))
        #expect(query.isEmpty == expected.isEmpty)
    }

    @Test func lookups() {
        let query = URLQuery("a=1&b=2&a=3")
        #expect(query.first("a") == "1")
        #expect(query.values(for: "a") == ["1", "3"])
        #expect(query.first("c") == nil)
    }
}

struct RequestTests {
    @Test(arguments: [
        ("/v1/a%2Fb/c?x=1", "/v1/a%2Fb/c", ["v1", "a%2Fb", "c"], 1),
        ("/", "/", [""], 0),
        ("/a/", "/a/", ["a", ""], 0),
        ("//a", "//a", ["", "a"], 0),
        ("http://example.com/x/y?z=1", "/x/y", ["x", "y"], 1),
        ("/p#frag", "/p", ["p"], 0),
    ])
    func targetIsSplit(uri: String, path: String, segments: [String], queryCount: Int) {
        let request = Request(method: .get, uri: uri)
        #expect(request.path == path)
        #expect(request.pathSegments == segments)
        #expect(request.query.items.count == queryCount)
        #expect(request.uri == uri)
    }

    /// Paths are split on the `/` byte: what splitting on the character `/` gives, except that
    /// a `/` before a combining mark (one character, two scalars) still separates, as in
    /// Firestore and the Realtime Database, which read paths as bytes.
    @Test(arguments: [
        ("/v1/projects/p/databases/(default)/documents/users/alice", ["v1", "projects", "p", "databases", "(default)", "documents", "users", "alice"]),
        ("", [""]), ("/", [""]), ("//", ["", ""]), ("a/b", ["a", "b"]), ("/a//b/", ["a", "", "b", ""]), ("/é/ü", ["é", "ü"]),
        ("/a/\u{301}b", ["a", "\u{301}b"]), ("/x%2Fy/z", ["x%2Fy", "z"]),
    ])
    func pathsSplitOnTheSlashByte(path: String, segments: [String]) {
        #expect(Request(method: .get, uri: path).pathSegments == segments)
    }
}

struct RemoteAddressTests {
    @Test(arguments: [
        ("127.0.0.1", true), ("127.1.2.3", true), ("::1", true), ("::ffff:127.0.0.1", true),
        ("10.0.0.1", false), ("::ffff:10.0.0.1", false), ("fe80::1", false), ("128.0.0.1", false),
    ])
    func loopback(ip: String, expected: Bool) {
        #expect(RemoteAddress(ip: ip, port: 1).isLoopback == expected)
    }
}

struct HTTPStatusTests {
    @Test func standardPhrases() {
        #expect(HTTPStatus(code: 404) == .notFound)
        #expect(HTTPStatus(code: 431) == .requestHeaderFieldsTooLarge)
        #expect(HTTPStatus(code: 599).reasonPhrase == "")
        #expect(HTTPStatus.gatewayTimeout.code == 504)
    }

    @Test func responseConveniences() {
        let json = Response.json(Array("{}".utf8), status: .created)
        #expect(json.status == .created)
        #expect(json.headers["content-type"] == "application/json; charset=UTF-8")
        let text = Response.text("hi")
        #expect(text.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod.patch.description == "PATCH")
    }
}
