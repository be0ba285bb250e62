import Foundation
import HearthTesting
import Testing

/// The web UI's port of a real `hearth serve` (issue 18): the page and its modules embedded in
/// the binary, `/api/config` (ports, rules and their load status), the other ports answering
/// the page's cross-origin requests, and the port rules (loopback, a free port when the
/// default is taken, an explicit port that is taken stops the start). The views themselves
/// are driven in a real browser by Tests/UI.
@Suite struct WebUITests {
    /// The UI's port, as the hub lists it on the Firestore port.
    static func uiPort(_ server: HearthProcess) throws -> Int {
        let hub = try server.request("GET", "/emulators").json
        return try #require(hub.object("ui")["port"] as? Int)
    }

    static func get(_ path: String, port: Int, headers: [(String, String)] = []) throws -> RawHTTPResponse {
        try HTTPTestClient.request("GET", path, port: port, headers: headers, body: nil)
    }

    @Test func theUIPortServesThePageItsModulesAndItsConfiguration() throws {
        let server = try HearthProcess()
        defer { _ = server.stop() }
        let hub = try server.request("GET", "/emulators").json
        #expect(hub.object("ui").string("host") == "127.0.0.1")
        let port = try Self.uiPort(server)

        let page = try Self.get("/", port: port)
        #expect(page.status == 200)
        #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(page.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        #expect(page.bodyText.contains(#"<script type="module" src="/app.js"></script>"#))
        for module in ["/app.js", "/api.js", "/firestore.js", "/database.js", "/auth.js", "/requests.js", "/overview.js", "/values.js"] {
            let script = try Self.get(module, port: port)
            #expect(script.status == 200, "\(module)")
            #expect(script.header("Content-Type")?.hasPrefix("text/javascript") == true, "\(module)")
        }
        #expect(try Self.get("/style.css", port: port).header("Content-Type")?.hasPrefix("text/css") == true)

        let config = try Self.get("/api/config", port: port).json
        #expect(config.string("project") == "demo-hearth")
        #expect(config.object("emulators").object("firestore")["port"] as? Int == server.port)
        #expect(config.object("emulators").object("database")["port"] as? Int == server.databasePort)
        #expect((config["env"] as? [String])?.contains("export FIRESTORE_EMULATOR_HOST=127.0.0.1:\(server.port)") == true)
        #expect(config["dataDirectory"] is NSNull)

        let missing = try Self.get("/firestore", port: port)
        #expect(missing.status == 404)
        #expect(missing.bodyText.contains("open /"))
    }

    @Test func aRulesFileThatStopsCompilingIsShownWithItsDiagnostics() throws {
        let directory = try TemporaryDirectory("e2e")
        let rules = directory.path("firestore.rules")
        try directory.write("rules_version = '2';\nservice cloud.firestore {\n  match /databases/{d}/documents {\n    match /{doc=**} { allow read: if true; }\n  }\n}\n", to: "firestore.rules")
        let server = try HearthProcess(["--rules", rules, "--rules-check-interval", "0"])
        defer { _ = server.stop() }
        let port = try Self.uiPort(server)
        var firestore = try Self.get("/api/config", port: port).json.object("rules").object("firestore")
        #expect(firestore.string("file") == rules)
        #expect(firestore["problem"] is NSNull)

        try directory.write("rules_version = '2';\nservice cloud.firestore {\n  match /databases/{d}/documents {\n    match /{doc=**} { allow read: if true &&; }\n  }\n}\n", to: "firestore.rules")
        firestore = try Self.get("/api/config", port: port).json.object("rules").object("firestore")
        let problem = try #require(firestore.string("problem"))
        #expect(problem.contains("firestore.rules:4:"))
        #expect(problem.contains("does not compile"))
    }

    @Test func theOtherPortsAnswerThePagesCrossOriginRequests() throws {
        let server = try HearthProcess()
        defer { _ = server.stop() }
        let origin = "http://127.0.0.1:\(try Self.uiPort(server))"
        let preflight = try server.request(
            "OPTIONS", documentsURL("demo-hearth", "cities/SF"),
            headers: [("Origin", origin), ("Access-Control-Request-Method", "PATCH"), ("Access-Control-Request-Headers", "authorization,content-type")])
        #expect((200..<300).contains(preflight.status))
        #expect(preflight.header("Access-Control-Allow-Origin") == origin)
        let created = try server.request(
            "PATCH", documentsURL("demo-hearth", "cities/SF"),
            headers: [("Origin", origin), ("Authorization", "Bearer owner"), ("Content-Type", "application/json")], body: #"{"fields":{}}"#)
        #expect(created.status == 200)
        #expect(created.header("Access-Control-Allow-Origin") == origin)
        let feed = try server.request("GET", "/emulator/v1/requests", headers: [("Origin", origin)])
        #expect(feed.status == 200)
        #expect(feed.header("Access-Control-Allow-Origin") == origin)
        let database = try server.databaseRequest("GET", "/.json", headers: [("Origin", origin), ("Authorization", "Bearer owner")])
        #expect(database.status == 200)
        #expect(database.header("Access-Control-Allow-Origin") == origin)
    }

    @Test func anExplicitUIPortThatIsTakenStopsTheStart() throws {
        let first = try HearthProcess()
        defer { _ = first.stop() }
        let taken = try Self.uiPort(first)
        #expect(throws: HearthProcessError.self) { try HearthProcess(["--ui-port", String(taken)]) }
        // Without --ui-port a second server just takes another free port for its UI.
        let second = try HearthProcess()
        defer { _ = second.stop() }
        #expect(try Self.uiPort(second) != taken)
    }

    @Test func noUIServesNone() throws {
        let server = try HearthProcess(["--no-ui"])
        defer { _ = server.stop() }
        #expect(try server.request("GET", "/emulators").json["ui"] == nil)
    }
}
