import Foundation
import HearthTesting
import Testing

/// `GET /emulator/v1/requests` of a real `hearth serve`: one entry per rules evaluation of
/// either product, with the caller, the outcome, the lines evaluated and the rules source;
/// an admin endpoint (web pages of other sites are refused).
@Suite struct RequestsFeedTests {
    static let firestoreRules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /notes/{id} {
              allow get: if request.auth != null;
              allow write: if false;
            }
          }
        }
        """
    static let databaseRules = """
        {
          "rules": {
            "open": { ".read": true },
            "closed": { ".read": "auth != null && auth.uid == 'admin'" }
          }
        }
        """

    let directory: TemporaryDirectory
    let server: HearthProcess

    init() throws {
        self.directory = try TemporaryDirectory("e2e")
        try self.directory.write(Self.firestoreRules, to: "firestore.rules")
        try self.directory.write(Self.databaseRules, to: "database.rules.json")
        self.server = try HearthProcess([
            "--rules", self.directory.path("firestore.rules"), "--database-rules", self.directory.path("database.rules.json"),
        ])
    }

    func feed() throws -> (requests: [[String: Any]], rules: [[String: Any]]) {
        let answer = try self.server.request("GET", "/emulator/v1/requests")
        #expect(answer.status == 200)
        let json = try answer.json
        return (json.array("requests"), json.array("rules"))
    }

    @Test func aFirestoreDenialIsOneEntryWithTheDenyingLineAndTheSource() throws {
        #expect(try self.feed().requests.isEmpty)
        let denied = try self.server.request("GET", documentsURL("demo-hearth", "notes/n1"))
        #expect(denied.status == 403)
        let allowed = try self.server.request("GET", documentsURL("demo-hearth", "notes/n1"), headers: [("Authorization", "Bearer " + TestToken.idToken("alice"))])
        #expect(allowed.status == 404)
        // Owner requests are not judged by rules, so they are not evaluations.
        _ = try self.server.request("GET", documentsURL("demo-hearth", "notes/n1"), headers: [("Authorization", "Bearer owner")])

        let (requests, rules) = try self.feed()
        #expect(requests.count == 2)
        let denial = requests[0]
        #expect(denial.string("product") == "firestore")
        #expect(denial.string("method") == "get")
        #expect(denial.string("path") == "projects/demo-hearth/databases/(default)/documents/notes/n1")
        #expect(denial.string("caller") == "unauthenticated")
        #expect(denial.string("outcome") == "deny")
        #expect(denial.string("scope") == "demo-hearth")
        let lines = denial.array("lines")
        #expect(lines.count == 1)
        #expect(lines.first?["line"] as? Int == 5)
        #expect(lines.first?.string("outcome") == "deny")
        #expect(requests[1].string("outcome") == "allow")
        #expect(requests[1].string("caller") == "uid alice")
        #expect((requests[1]["id"] as? Int ?? 0) > (denial["id"] as? Int ?? 0))
        #expect(rules.count == 1)
        #expect(rules.first?["id"] as? Int == denial["rules"] as? Int)
        #expect(rules.first?.string("source") == Self.firestoreRules)
        #expect(rules.first?.string("origin") == self.directory.path("firestore.rules"))
    }

    @Test func eachWriteOfACommitIsJudgedOnce() throws {
        let body = #"{"writes":[{"update":{"name":"projects/demo-hearth/databases/(default)/documents/notes/a","fields":{}}},{"update":{"name":"projects/demo-hearth/databases/(default)/documents/notes/b","fields":{}}}]}"#
        let denied = try self.server.request("POST", documentsURL("demo-hearth") + ":commit", body: body)
        #expect(denied.status == 403)
        let requests = try self.feed().requests
        // The first write's denial ends the commit: one evaluation, not one per retry or re-check.
        #expect(requests.count == 1)
        #expect(requests.first?.string("method") == "create")
        #expect(requests.first?.array("lines").first?["line"] as? Int == 6)
    }

    @Test func realtimeDatabaseEvaluationsAreInTheSameFeed() throws {
        #expect(try self.server.databaseRequest("GET", "/closed.json").status == 401)
        #expect(try self.server.databaseRequest("GET", "/open.json").status == 200)
        let (requests, rules) = try self.feed()
        #expect(requests.count == 2)
        #expect(requests.map { $0.string("product") } == ["database", "database"])
        #expect(requests[0].string("method") == "read")
        #expect(requests[0].string("path") == "/closed")
        #expect(requests[0].string("outcome") == "deny")
        #expect(requests[0].string("scope") == "demo-hearth-default-rtdb")
        #expect(requests[0].array("lines").contains { $0["line"] as? Int == 4 && $0.string("outcome") == "deny" })
        #expect(requests[1].string("outcome") == "allow")
        #expect(rules.first?.string("source") == Self.databaseRules)
    }

    @Test func pagesOfOtherSitesAreRefused() throws {
        let foreign = try self.server.request("GET", "/emulator/v1/requests", headers: [("Origin", "https://evil.example")])
        #expect(foreign.status == 403)
    }

    @Test func theFeedStreamsEachEvaluationAsItHappens() throws {
        let connection = try RawHTTPConnection(port: self.server.port)
        try connection.send("GET /emulator/v1/requests HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        defer { connection.close() }
        let head = try connection.readResponseHead()
        #expect(head.status == 200)
        #expect(head.header("Content-Type")?.hasPrefix("text/event-stream") == true)
        #expect(String(decoding: try #require(try connection.readChunk()), as: UTF8.self).hasPrefix("event: snapshot\n"))
        #expect(try self.server.request("GET", documentsURL("demo-hearth", "notes/live")).status == 403)
        var received = ""
        while !received.contains("notes/live") {
            received += String(decoding: try #require(try connection.readChunk()), as: UTF8.self)
        }
        // The source comes first, once, then the evaluation that refers to it.
        #expect(received.hasPrefix("event: rules\n"))
        #expect(received.contains("event: request\n"))
    }
}
