import Foundation
import HearthTesting
import Testing

/// What the server does around the document methods: liveness, HTTP niceties, URL handling as
/// real clients send it, isolation, the emulator admin endpoint and shutdown.
@Suite struct ServerBehaviourTests {
    @Test func rootAnswersOkLikeTheEmulator() throws {
        let server = try HearthProcess()
        let response = try server.request("GET", "/")
        #expect(response.status == 200)
        #expect(response.bodyText == "Ok")
    }

    @Test func headReturnsHeadersWithoutBody() throws {
        let server = try HearthProcess()
        _ = try server.request("PATCH", documentsURL("h", "c/d"), body: #"{"fields":{"a":{"integerValue":"1"}}}"#)
        let get = try server.request("GET", documentsURL("h", "c/d"))
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("HEAD \(documentsURL("h", "c/d")) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let head = try connection.readResponse(forHead: true)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == String(get.body.count))
    }

    @Test func preflightIsAnsweredPermissively() throws {
        let server = try HearthProcess()
        let response = try server.request(
            "OPTIONS", documentsURL("h", "c/d"),
            headers: [
                ("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", "PATCH"),
                ("Access-Control-Request-Headers", "authorization, x-goog-api-client"),
                ("Access-Control-Request-Private-Network", "true"),
            ])
        #expect((200..<300).contains(response.status))
        #expect(response.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(response.header("Access-Control-Allow-Private-Network") == "true")
        #expect(response.header("Access-Control-Allow-Methods")?.contains("PATCH") == true)
        #expect(response.header("Access-Control-Allow-Headers")?.lowercased().contains("authorization") == true)
    }

    @Test func urlsAreReadAsRealClientsSendThem() throws {
        let server = try HearthProcess()
        // The Python REST transport: encoded (default), $alt, numeric enums.
        let path = "/v1/projects/enc/databases/%28default%29/documents/my%20coll/caf%C3%A9?%24alt=json%3Benum-encoding%3Dint&key=AIza&prettyPrint=false"
        let written = try server.request("PATCH", path, headers: [("Content-Type", "text/plain")], body: #"{"fields":{"n":{"nullValue":0}}}"#)
        #expect(written.status == 200)
        #expect(try written.json.string("name") == "projects/enc/databases/(default)/documents/my coll/café")
        #expect(try server.request("GET", documentsURL("enc", "my%20coll/caf%C3%A9")).status == 200)
    }

    @Test func everyProjectAndDatabaseIsIsolated() throws {
        let server = try HearthProcess()
        _ = try server.request("PATCH", documentsURL("alpha", "c/d"), body: "{}")
        #expect(try server.request("GET", documentsURL("alpha", "c/d")).status == 200)
        #expect(try server.request("GET", documentsURL("beta", "c/d")).status == 404)
        #expect(try server.request("GET", documentsURL("alpha", "c/d", database: "other")).status == 404)
    }

    @Test func emulatorEndpointClearsOneDatabaseOrOneSubtree() throws {
        let server = try HearthProcess()
        for path in ["keep/1", "drop/1", "drop/1/sub/2", "drop/2"] {
            _ = try server.request("PATCH", documentsURL("clear", path), body: "{}")
        }
        _ = try server.request("PATCH", documentsURL("other", "keep/1"), body: "{}")
        let subtree = try server.request("DELETE", "/emulator/v1/projects/clear/databases/(default)/documents/drop/1", headers: [("Authorization", "Bearer owner")])
        #expect(subtree.status == 200)
        #expect(try server.request("GET", documentsURL("clear", "drop/1/sub/2")).status == 404)
        #expect(try server.request("GET", documentsURL("clear", "drop/2")).status == 200)

        let all = try server.request("DELETE", "/emulator/v1/projects/clear/databases/(default)/documents", headers: [("Authorization", "Bearer owner")])
        #expect(all.status == 200)
        #expect(all.bodyText == "{}")
        #expect(try server.request("GET", documentsURL("clear", "keep/1")).status == 404)
        #expect(try server.request("GET", documentsURL("other", "keep/1")).status == 200)
    }

    @Test func unsignedEmulatorTokensAndOwnerAreAccepted() throws {
        let server = try HearthProcess()
        // {"alg":"none","type":"JWT"} . {"sub":"alice","user_id":"alice"} . (empty signature)
        let token = "eyJhbGciOiJub25lIiwidHlwZSI6IkpXVCJ9.eyJzdWIiOiJhbGljZSIsInVzZXJfaWQiOiJhbGljZSJ9."
        let asAlice = try server.request("PATCH", documentsURL("auth", "c/d"), headers: [("Authorization", "Bearer \(token)")], body: "{}")
        #expect(asAlice.status == 200)
        let asOwner = try server.request("GET", documentsURL("auth", "c/d"), headers: [("Authorization", "Bearer owner")])
        #expect(asOwner.status == 200)
    }

    @Test func keepAliveAndPipelinedRequestsOnOneConnection() throws {
        let server = try HearthProcess()
        let connection = try RawHTTPConnection(port: server.port)
        let put = #"{"fields":{"a":{"integerValue":"1"}}}"#
        try connection.send(
            "PATCH \(documentsURL("ka", "c/d")) HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(put.utf8.count)\r\n\r\n\(put)"
                + "GET \(documentsURL("ka", "c/d")) HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "GET /nope HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try connection.readResponse().status == 200)
        let read = try connection.readResponse()
        #expect(read.status == 200)
        #expect(read.bodyText.contains(#""integerValue":"1""#))
        #expect(try connection.readResponse().status == 404)
    }

    @Test func sigtermShutsDownCleanlyWithExitZero() throws {
        let server = try HearthProcess()
        #expect(try server.request("GET", "/").status == 200)
        #expect(server.stop(signal: SIGTERM) == 0)
    }

    @Test func sigintShutsDownCleanlyWithExitZero() throws {
        let server = try HearthProcess()
        #expect(server.stop(signal: SIGINT) == 0)
    }
}
