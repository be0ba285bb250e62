import Foundation
import HearthTesting
import Testing

/// The admin endpoints (Firestore's `:export`, clear and `:securityRules`, the Realtime
/// Database's `/.settings/rules.json`) through the real binary: a web page on another site
/// cannot reach them through the developer's browser, other machines cannot reach them unless
/// `--allow-remote-owner`, an export never replaces a folder that is not an export, and the
/// local tools that call them (curl, firebase-tools, rules-unit-testing) work as before.
@Suite struct AdminEndpointTests {
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("e2e") }

    private func exportBody(_ directory: String, _ name: String) -> String {
        #"{"export_directory":"\#(directory)","export_name":"\#(name)"}"#
    }

    /// The issue's reproduction: `mkdir -p /tmp/victim/important && echo x > …/keep.txt`, then
    /// a `text/plain` POST from a page on https://evil.example.
    @Test func aWebPageCannotExportOverADirectory() throws {
        try self.temporary.write("x\n", to: "victim/important/keep.txt")
        let server = try HearthProcess()
        let body = self.exportBody(self.temporary.path("victim"), "important")
        let attack = try server.request(
            "POST", "/emulator/v1/projects/demo:export", headers: [("Content-Type", "text/plain"), ("Origin", "https://evil.example")], body: body)
        #expect(attack.status == 403)
        #expect(attack.errorStatus == "PERMISSION_DENIED")
        #expect(attack.errorMessage.contains("Origin: https://evil.example"), "\(attack.errorMessage)")
        #expect(attack.header("access-control-allow-origin") == nil)
        // The same request with no Origin (some browsers and privacy settings omit it), and
        // curl's `-d` without a type: neither is JSON, so a browser could send it unasked.
        for contentType in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
            let simple = try server.request("POST", "/emulator/v1/projects/demo:export", headers: [("Content-Type", contentType)], body: body)
            #expect(simple.status == 415, "\(contentType)")
            #expect(simple.errorMessage.contains("Content-Type: application/json"), "\(simple.errorMessage)")
        }
        #expect(try server.request("POST", "/emulator/v1/projects/demo:export", body: body).status == 415)
        // JSON from a local tool: not a page, but the folder is still not an export.
        let tool = try server.request("POST", "/emulator/v1/projects/demo:export", headers: HearthProcess.json, body: body)
        #expect(tool.status == 400)
        #expect(tool.errorStatus == "FAILED_PRECONDITION")
        #expect(tool.errorMessage.contains("Hearth will not export to \(self.temporary.path("victim/important"))"), "\(tool.errorMessage)")
        #expect(try String(contentsOfFile: self.temporary.path("victim/important/keep.txt"), encoding: .utf8) == "x\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: self.temporary.path("victim")) == ["important"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: self.temporary.path("victim/important")) == ["keep.txt"])
    }

    @Test func otherSitesArePreflightedOutOfEveryAdminEndpoint() throws {
        let server = try HearthProcess()
        let firestore = [
            ("POST", "/emulator/v1/projects/demo:export"), ("PUT", "/emulator/v1/projects/demo:securityRules"),
            ("DELETE", "/emulator/v1/projects/demo/databases/(default)/documents"),
            ("DELETE", "/emulator/v1/projects/demo/databases/(default)/documents/c/d"),
        ]
        func preflight(_ method: String, _ path: String, from origin: String, database: Bool = false) throws -> RawHTTPResponse {
            let headers = [("Origin", origin), ("Access-Control-Request-Method", method), ("Access-Control-Request-Headers", "content-type")]
            return database
                ? try server.databaseRequest("OPTIONS", path, headers: headers) : try server.request("OPTIONS", path, headers: headers)
        }
        for (method, path) in firestore {
            let evil = try preflight(method, path, from: "https://evil.example")
            #expect(evil.status == 403, "\(method) \(path)")
            #expect(evil.errorStatus == "PERMISSION_DENIED")
            #expect(!evil.headers.contains { $0.0.lowercased().hasPrefix("access-control-") }, "\(evil.headers)")
            let local = try preflight(method, path, from: "http://127.0.0.1:4000")
            #expect(local.status == 204)
            #expect(local.header("access-control-allow-origin") == "http://127.0.0.1:4000")
        }
        let rules = try preflight("PUT", "/.settings/rules.json?ns=x", from: "https://evil.example", database: true)
        #expect(rules.status == 403)
        #expect(rules.header("access-control-allow-origin") == nil)
        // The data APIs stay open to web apps on any origin.
        let data = try preflight("POST", documentsURL("demo", "c"), from: "https://app.example")
        #expect(data.status == 204)
        #expect(data.header("access-control-allow-origin") == "https://app.example")
        #expect(try preflight("PUT", "/c.json", from: "https://app.example", database: true).status == 204)
    }

    @Test func pagesOfOtherSitesCannotUseTheOwnerTokenOrTheRulesEndpoint() throws {
        let server = try HearthProcess()
        #expect(try server.databaseRequest("PUT", "/keep.json", body: "1").status == 200)
        // A simple POST (no preflight) carrying the owner token in the URL and a method override.
        let evil = [("Content-Type", "text/plain"), ("Origin", "https://evil.example")]
        let wipe = try server.databaseRequest("POST", "/.json?auth=owner&x-http-method-override=DELETE", headers: evil, body: "x")
        #expect(wipe.status == 401, "\(wipe.bodyText)")
        #expect(wipe.bodyText.contains("not accepted from web pages on other sites"))
        let rules = try server.databaseRequest(
            "POST", "/.settings/rules.json?x-http-method-override=PUT", headers: evil, body: #"{"rules":{".read":false,".write":false}}"#)
        #expect(rules.status == 403, "\(rules.bodyText)")
        let plain = try server.databaseRequest(
            "POST", "/.settings/rules.json?auth=owner&x-http-method-override=PUT", headers: [("Content-Type", "text/plain")],
            body: #"{"rules":{".read":false,".write":false}}"#)
        #expect(plain.status == 415, "\(plain.bodyText)")
        #expect(try server.databaseRequest("GET", "/keep.json").bodyText == "1")
        let firestore = try server.request("DELETE", documentsURL("demo", "c/d"), headers: [("Authorization", "Bearer owner"), ("Origin", "https://evil.example")])
        #expect(firestore.status == 403)
        #expect(firestore.errorStatus == "PERMISSION_DENIED")
    }

    /// What the emulator suite's own tools send keeps working, from this machine.
    @Test func localToolsKeepWorking() throws {
        let server = try HearthProcess()
        #expect(try server.request("PATCH", documentsURL("demo", "c/d"), body: #"{"fields":{}}"#).status == 200)
        // @firebase/rules-unit-testing: PUT with fetch's default text/plain type, no credentials.
        let rules = #"{"rules":{"files":[{"content":"rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read, write: if true; } } }"}]}}"#
        #expect(try server.request("PUT", "/emulator/v1/projects/demo:securityRules", headers: [("Content-Type", "text/plain;charset=UTF-8")], body: rules).status == 200)
        #expect(try server.request("PUT", "/emulator/v1/projects/demo:securityRules", body: rules).status == 200)
        // ...and loadDatabaseRules: PUT as owner, no type.
        #expect(try server.databaseRequest("PUT", "/.settings/rules.json", headers: [("Authorization", "Bearer owner")], body: #"{"rules":{".read":true,".write":true}}"#).status == 200)
        // firebase-tools' export (JSON), into an empty folder, an earlier export, an emulator suite export.
        try FileManager.default.createDirectory(atPath: self.temporary.path("exports/empty"), withIntermediateDirectories: true)
        try self.temporary.write("{}", to: "exports/suite/firebase-export-metadata.json")
        try self.temporary.write("old", to: "exports/suite/firestore_export/firestore_export.overall_export_metadata")
        for name in ["empty", "fresh", "fresh", "suite"] {
            let export = try server.request("POST", "/emulator/v1/projects/demo:export", headers: HearthProcess.json, body: self.exportBody(self.temporary.path("exports"), name))
            #expect(export.status == 200, "\(name): \(export.bodyText)")
            #expect(FileManager.default.fileExists(atPath: self.temporary.path("exports/\(name)/hearth-export.json")))
        }
        #expect(!FileManager.default.fileExists(atPath: self.temporary.path("exports/suite/firebase-export-metadata.json")))
        // The emulator UI, a page on this machine.
        let ui = try server.request(
            "POST", "/emulator/v1/projects/demo:export", headers: HearthProcess.json + [("Origin", "http://localhost:4000")],
            body: self.exportBody(self.temporary.path("exports"), "ui"))
        #expect(ui.status == 200)
        #expect(ui.header("access-control-allow-origin") == "http://localhost:4000")
        // clearFirestore: DELETE, no body, no type, no Origin.
        #expect(try server.request("DELETE", "/emulator/v1/projects/demo/databases/(default)/documents").status == 200)
        #expect(try server.request("GET", documentsURL("demo", "c/d")).status == 404)
    }

    @Test func onlyTheExactOwnerCredentialIsTheAdmin() throws {
        let locked = try self.temporary.write(
            "rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read, write: if false; } } }",
            to: "locked.rules")
        let server = try HearthProcess(["--rules", locked])
        #expect(try server.request("GET", documentsURL("demo", "c/d"), headers: [("Authorization", "Bearer owner")]).status == 404)
        #expect(try server.request("GET", documentsURL("demo", "c/d"), headers: [("Authorization", "Bearer  owner ")]).status == 404)
        let spaced = try server.request("GET", documentsURL("demo", "c/d"), headers: [("Authorization", "Bearer ow ner")])
        #expect(spaced.status == 401)
        #expect(spaced.errorStatus == "UNAUTHENTICATED")
        #expect(try server.databaseRequest("GET", "/.settings/rules.json", headers: [("Authorization", "Bearer ow ner")]).status == 401)
        #expect(try server.databaseRequest("GET", "/.settings/rules.json", headers: [("Authorization", "Bearer owner")]).status == 200)
    }

    @Test func exportOnExitRefusesAFolderThatIsNotAnExportAtStart() throws {
        try self.temporary.write("x", to: "work/notes.txt")
        let process = Process()
        process.executableURL = HearthProcess.binary
        process.arguments = ["serve", "--in-memory", "--port", "0", "--database-port", "0", "--auth-port", "0", "--export-on-exit", self.temporary.path("work")]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        // Bounded: a server that starts anyway would otherwise run until killed.
        if exited.wait(timeout: .now() + 30) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("hearth serve started with --export-on-exit pointing at a folder that is not an export")
        }
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(log.contains("--export-on-exit \(self.temporary.path("work")): Hearth will not export to \(self.temporary.path("work"))"), "\(log)")
        #expect(try String(contentsOfFile: self.temporary.path("work/notes.txt"), encoding: .utf8) == "x")
    }

    /// Bound to every interface and reached from another host: a network namespace of the
    /// test's own (``IsolatedTestHost``), so the server sees a non-loopback peer and no packet
    /// leaves this machine.
    @Test(.enabled(if: IsolatedTestHost.isAvailable, "needs root and iproute2 to make a network namespace"))
    func otherMachinesGetTheDataButNotTheAdminEndpoints() throws {
        let host = try IsolatedTestHost()
        let address = host.clientAddress
        let server = try HearthProcess(["--host", "0.0.0.0"])
        #expect(try server.request("PATCH", documentsURL("demo", "c/d"), body: #"{"fields":{}}"#).status == 200)
        func remote(_ method: String, _ path: String, database: Bool = false, headers: [(String, String)] = [], body: String? = nil) throws -> RawHTTPResponse {
            try host.request(method, path, port: database ? server.databasePort : server.port, headers: headers, body: body)
        }
        let attempts = [
            try remote("POST", "/emulator/v1/projects/demo:export", headers: HearthProcess.json, body: self.exportBody(self.temporary.path("out"), "x")),
            try remote("PUT", "/emulator/v1/projects/demo:securityRules", body: #"{"rules":{"files":[{"content":"service cloud.firestore { match /{d=**} { allow read, write: if false; } }"}]}}"#),
            try remote("DELETE", "/emulator/v1/projects/demo/databases/(default)/documents"),
            try remote("DELETE", "/emulator/v1/projects/demo/databases/(default)/documents/c/d"),
        ]
        for attempt in attempts {
            #expect(attempt.status == 403, "\(attempt.bodyText)")
            #expect(attempt.errorStatus == "PERMISSION_DENIED")
            #expect(attempt.errorMessage.contains("came from \(address)") && attempt.errorMessage.contains("--allow-remote-owner"), "\(attempt.errorMessage)")
        }
        #expect(try remote("PUT", "/.settings/rules.json", database: true, body: #"{"rules":{".read":false}}"#).status == 403)
        #expect(try remote("GET", documentsURL("demo", "c/d")).status == 200, "the data API is served to other machines")
        #expect(!FileManager.default.fileExists(atPath: self.temporary.path("out")))
        #expect(try server.request("GET", documentsURL("demo", "c/d")).status == 200)
        #expect(server.stop() == 0)
        let log = server.loggedText()
        #expect(log.contains("Listening beyond this machine: Firestore on 0.0.0.0:\(server.port) and the Realtime Database on 0.0.0.0:\(server.databasePort)"), "\(log)")
        #expect(log.contains("are refused to them"))

        let open = try HearthProcess(["--host", "0.0.0.0", "--allow-remote-owner"])
        let export = try host.request(
            "POST", "/emulator/v1/projects/demo:export", port: open.port, headers: HearthProcess.json, body: self.exportBody(self.temporary.path("out"), "x"))
        #expect(export.status == 200, "\(export.bodyText)")
        #expect(open.stop() == 0)
        #expect(open.loggedText().contains("are open to them too (--allow-remote-owner)"))
    }
}
