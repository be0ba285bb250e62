import Foundation
import HearthTesting
import Testing

/// The emulator hub's question, `GET /emulators`, answered on every product's port of the real
/// binary with where each product listens (what `@firebase/rules-unit-testing` and the
/// emulator UI read to find the emulators).
@Suite struct EmulatorsEndpointTests {
    @Test func everyPortSaysWhatRunsWhere() throws {
        let server = try HearthProcess()
        defer { _ = server.stop() }
        let answers = [
            try server.request("GET", "/emulators"), try server.databaseRequest("GET", "/emulators"), try server.authRequest("GET", "/emulators"),
        ]
        for answer in answers {
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type")?.hasPrefix("application/json") == true)
            let json = try answer.json
            // The web UI is listed as the emulator suite's hub lists it, on loopback.
            #expect(Set(json.keys) == ["firestore", "database", "auth", "ui"])
            #expect(json.object("ui").string("host") == "127.0.0.1")
            #expect(json.object("firestore")["name"] as? String == "firestore")
            #expect(json.object("firestore")["port"] as? Int == server.port)
            #expect(json.object("firestore").string("host") == "127.0.0.1")
            #expect(json.object("database")["name"] as? String == "database")
            #expect(json.object("database")["port"] as? Int == server.databasePort)
            #expect(json.object("auth")["name"] as? String == "auth")
            #expect(json.object("auth")["port"] as? Int == server.authPort)
        }
        #expect(answers[0].bodyText == answers[1].bodyText && answers[1].bodyText == answers[2].bodyText)
    }
}
