import Foundation
import HearthTesting
import Testing

/// Bad input through the real server: the right 4xx, Google's error body, and the server keeps
/// serving afterwards.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let method: String
        let path: String
        var body: String? = nil
        var headers: [(String, String)] = []
        let status: Int
        let errorStatus: String
        var messageContains: String = ""
        var testDescription: String { self.name }
    }

    static let deep = String(repeating: #"{"mapValue":{"fields":{"x":"#, count: 21) + #"{"nullValue":null}"# + String(repeating: "}}}", count: 21)

    static let cases: [Case] = [
        Case(name: "malformed JSON", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields": {"#, status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "Invalid JSON payload"),
        Case(name: "body is not an object", method: "PATCH", path: documentsURL("bad", "c/d"), body: "[1,2]", status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "unknown document member", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"feelds":{}}"#, status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "feelds"),
        Case(name: "integer that is not a number", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"age":{"integerValue":"abc"}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "age"),
        Case(name: "integer out of range", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"age":{"integerValue":"9223372036854775808"}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "age"),
        Case(name: "value with two kinds", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"v":{"stringValue":"a","booleanValue":true}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "v"),
        Case(name: "unknown value kind", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"v":{"stringValu":"a"}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "stringValu"),
        Case(name: "bad timestamp", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"t":{"timestampValue":"yesterday"}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "t"),
        Case(name: "latitude out of range", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"g":{"geoPointValue":{"latitude":91}}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "array inside array", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"a":{"arrayValue":{"values":[{"arrayValue":{}}]}}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "reserved field name", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"__secret__":{"nullValue":null}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "__secret__"),
        Case(name: "nesting deeper than 20", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"x":\#(BadInputTests.deep)}}"#, status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "document over 1 MiB", method: "PATCH", path: documentsURL("bad", "c/d"), body: #"{"fields":{"s":{"stringValue":"\#(String(repeating: "x", count: 1_100_000))"}}}"#, status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "dot-dot ID", method: "GET", path: documentsURL("bad", "c/.."), status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: ".."),
        Case(name: "reserved ID", method: "GET", path: documentsURL("bad", "c/__x__"), status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "__x__"),
        Case(name: "slash encoded inside an ID", method: "GET", path: documentsURL("bad", "c/a%2Fb"), status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "empty segment", method: "GET", path: documentsURL("bad", "c//d"), status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "broken percent escape", method: "GET", path: documentsURL("bad", "c/%ZZ"), status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "create on a document path", method: "POST", path: documentsURL("bad", "c/d"), body: "{}", status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "collection path"),
        Case(name: "patch on a collection path", method: "PATCH", path: documentsURL("bad", "c"), body: "{}", status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "document path"),
        Case(name: "name set on create", method: "POST", path: documentsURL("bad", "c"), body: #"{"name":"projects/bad/databases/(default)/documents/c/x"}"#, status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "invalid documentId", method: "POST", path: documentsURL("bad", "c?documentId=.."), body: "{}", status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "invalid mask field path", method: "GET", path: documentsURL("bad", "c/d?mask.fieldPaths=a..b"), status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "invalid precondition", method: "DELETE", path: documentsURL("bad", "c/d?currentDocument.exists=perhaps"), status: 400, errorStatus: "INVALID_ARGUMENT"),
        Case(name: "token that is not a JWT", method: "GET", path: documentsURL("bad", "c/d"), headers: [("Authorization", "Bearer not-a-jwt")], status: 401, errorStatus: "UNAUTHENTICATED", messageContains: "JWT"),
        Case(name: "non-bearer scheme", method: "GET", path: documentsURL("bad", "c/d"), headers: [("Authorization", "Basic Zm9vOmJhcg==")], status: 401, errorStatus: "UNAUTHENTICATED"),
        Case(name: "unknown route", method: "GET", path: "/v2/whatever", status: 404, errorStatus: "NOT_FOUND", messageContains: "/v2/whatever"),
        Case(name: "wrong method", method: "PUT", path: documentsURL("bad", "c/d"), body: "{}", status: 405, errorStatus: "UNIMPLEMENTED"),
    ]

    @Test(arguments: Self.cases)
    func rejected(_ badCase: Case) throws {
        let server = try HearthProcess()
        _ = try server.request("PATCH", documentsURL("bad", "c/d"), body: #"{"fields":{"kept":{"booleanValue":true}}}"#)
        let response = try server.request(badCase.method, badCase.path, headers: badCase.headers, body: badCase.body)
        #expect(response.status == badCase.status, "\(response.bodyText.prefix(300))")
        #expect(response.errorStatus == badCase.errorStatus)
        #expect(try response.json.object("error")["code"] as? Int == badCase.status)
        if !badCase.messageContains.isEmpty {
            #expect(response.errorMessage.contains(badCase.messageContains), "\(response.errorMessage)")
        }
        // The server keeps serving, and nothing stored was lost.
        let kept = try server.request("GET", documentsURL("bad", "c/d"))
        #expect(kept.status == 200)
        #expect(kept.bodyText.contains(#""kept":{"booleanValue":true}"#))
    }

    @Test func bodyOverTenMiBIsPayloadTooLarge() throws {
        let server = try HearthProcess()
        let huge = String(repeating: "x", count: 10 * 1024 * 1024 + 1)
        let response = try server.request("PATCH", documentsURL("bad", "c/d"), body: huge)
        #expect(response.status == 413)
        #expect(response.errorMessage.contains("10 MiB"))
        #expect(try server.request("GET", "/").status == 200)
    }

    @Test func malformedRequestLineAndOversizedHeadersAreRejected() throws {
        let server = try HearthProcess()
        let garbage = try RawHTTPConnection(port: server.port)
        try garbage.send("NOT AN HTTP REQUEST\r\n\r\n")
        #expect(try garbage.readResponse().status == 400)

        let oversized = try RawHTTPConnection(port: server.port)
        try oversized.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n")
        #expect(try oversized.readResponse().status == 431)
        #expect(try server.request("GET", "/").status == 200)
    }

    @Test func aTruncatedBodyIsNotStored() throws {
        let server = try HearthProcess()
        let connection = try RawHTTPConnection(port: server.port)
        let path = documentsURL("bad", "c/partial")
        try connection.send("PATCH \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"fields\":{")
        connection.close()
        #expect(try server.request("GET", path).status == 404)
    }
}
