import Foundation
import HearthTesting
import Testing

/// Hearth's Firestore listen protocol over real SSE streams of `hearth serve`.
@Suite struct ListenTests {
    let server: HearthProcess
    init() throws { self.server = try HearthProcess(["--keep-alive", "1"]) }

    private func open(_ method: String, _ path: String, body: String? = nil, headers: [String] = []) throws -> EventStreamReader {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
        for header in headers { request += header + "\r\n" }
        if let body { request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" } else { request += "\r\n" }
        return try EventStreamReader(port: self.server.port, request: request)
    }

    private func write(_ path: String, _ fields: String) throws {
        #expect(try self.server.request("PATCH", documentsURL("p", path), body: #"{"fields":{\#(fields)}}"#).status == 200)
    }

    private func snapshot(_ reader: EventStreamReader) throws -> [String: Any] {
        let event = try #require(try reader.nextEvent())
        #expect(event.event == "snapshot")
        #expect(event.id != nil)
        return try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
    }

    private func changes(_ snapshot: [String: Any]) -> [(String, String, Int, Int)] {
        (snapshot["changes"] as? [[String: Any]] ?? []).map { change in
            let name = ((change["document"] as? [String: Any])?["name"] as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
            return (change["type"] as? String ?? "", name, change["oldIndex"] as? Int ?? -2, change["newIndex"] as? Int ?? -2)
        }
    }

    @Test func aQueryListenerSeesEveryChangeInOrder() throws {
        try self.write("cities/sf", #""pop":{"integerValue":"800"}"#)
        let query = #"{"structuredQuery":{"from":[{"collectionId":"cities"}],"orderBy":[{"field":{"fieldPath":"pop"}}]}}"#
        let reader = try self.open("POST", documentsURL("p") + ":listen", body: query)
        #expect(reader.head.status == 200)
        #expect(reader.head.header("content-type") == "text/event-stream; charset=utf-8")
        #expect(reader.head.header("cache-control") == "no-store")
        let initial = try self.snapshot(reader)
        #expect(initial["initial"] as? Bool == true)
        #expect(initial["size"] as? Int == 1)
        #expect(self.changes(initial).map(\.0) == ["added"])

        try self.write("cities/la", #""pop":{"integerValue":"400"}"#)
        let added = try self.snapshot(reader)
        #expect(self.changes(added).map { "\($0.0) \($0.1) \($0.2) \($0.3)" } == ["added la -1 0"])
        try self.write("cities/la", #""pop":{"integerValue":"900"}"#)
        #expect(self.changes(try self.snapshot(reader)).map { "\($0.0) \($0.1) \($0.2) \($0.3)" } == ["modified la 0 1"])
        #expect(try self.server.request("DELETE", documentsURL("p", "cities/sf")).status == 200)
        let removed = try self.snapshot(reader)
        #expect(self.changes(removed).map { "\($0.0) \($0.1) \($0.2) \($0.3)" } == ["removed sf 0 -1"])
        #expect(removed["size"] as? Int == 1)
        reader.close()
    }

    @Test func aMultiDocumentCommitArrivesAsOneSnapshotAndKeepAlivesFlow() throws {
        let reader = try self.open("GET", documentsURL("p", "rooms"))
        #expect(try self.snapshot(reader)["size"] as? Int == 0)
        let commit = """
            {"writes":[
              {"update":{"name":"projects/p/databases/(default)/documents/rooms/a","fields":{}}},
              {"update":{"name":"projects/p/databases/(default)/documents/rooms/b","fields":{}}}
            ]}
            """
        #expect(try self.server.request("POST", documentsURL("p") + ":commit", body: commit).status == 200)
        let both = try self.snapshot(reader)
        #expect(self.changes(both).map(\.1) == ["a", "b"])
        #expect(both["size"] as? Int == 2)
        // With --keep-alive 1 a comment arrives within about a second.
        let comment = try #require(try reader.next())
        #expect(comment.comment == "keep-alive")
    }

    @Test func resumingWithLastEventIDSendsOnlyWhatWasMissed() throws {
        try self.write("notes/a", #""n":{"integerValue":"1"}"#)
        let first = try self.open("GET", documentsURL("p", "notes"))
        let initial = try #require(try first.nextEvent())
        first.close()
        try self.write("notes/b", #""n":{"integerValue":"2"}"#)
        let resumed = try self.open("GET", documentsURL("p", "notes"), headers: ["Last-Event-ID: \(initial.id ?? "")"])
        let missed = try self.snapshot(resumed)
        #expect(self.changes(missed).map { "\($0.0) \($0.1)" } == ["added b"])
        #expect(missed["initial"] == nil)
        #expect(missed["reset"] == nil)
        let stale = try self.open("GET", documentsURL("p", "notes"), headers: ["Last-Event-ID: 2001-01-01T00:00:00Z"])
        let reset = try self.snapshot(stale)
        #expect(reset["reset"] as? Bool == true)
        #expect(reset["size"] as? Int == 2)
    }

    @Test func badListenRequestsGetJSONErrorsBeforeAnyStream() throws {
        let noAccept = try self.server.request("POST", documentsURL("p") + ":listen", body: #"{"structuredQuery":{"from":[{"collectionId":"c"}]}}"#)
        #expect(noAccept.status == 400)
        #expect(noAccept.errorMessage.contains("text/event-stream"))
        let both = try self.open("POST", documentsURL("p") + ":listen", body: #"{"documents":[],"structuredQuery":{}}"#)
        #expect(both.head.status == 400)
        let token = try self.open("GET", documentsURL("p", "c"), headers: ["Last-Event-ID: yesterday"])
        #expect(token.head.status == 400)
    }

    @Test func aListenerThatLosesAccessGetsAnErrorEventAndTheStreamEnds() throws {
        try self.write("docs/d", #""owner":{"stringValue":"alice"}"#)
        let open = #"{"rules":{"files":[{"content":"service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if true; } } }"}]}}"#
        let closed = #"{"rules":{"files":[{"content":"service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if false; } } }"}]}}"#
        #expect(try self.server.request("PUT", "/emulator/v1/projects/p:securityRules", body: open).status == 200)
        let reader = try self.open("GET", documentsURL("p", "docs/d"))
        #expect(try self.snapshot(reader)["size"] as? Int == 1)
        #expect(try self.server.request("PUT", "/emulator/v1/projects/p:securityRules", body: closed).status == 200)
        let error = try #require(try reader.nextEvent())
        #expect(error.event == "error")
        #expect(error.data.contains("PERMISSION_DENIED"))
        #expect(try reader.next() == nil)
        // And a new listen is refused with 403 before any stream starts.
        #expect(try self.open("GET", documentsURL("p", "docs/d")).head.status == 403)
    }

    /// Access can be lost through the data, not only through the rules: a document listener
    /// whose rule reads `resource.data`, and a query listener whose rule `exists()` a
    /// membership document, each get PERMISSION_DENIED when that document changes, and never
    /// the snapshot they may no longer see.
    @Test func aListenerThatLosesAccessBecauseADocumentChangedGetsAnErrorEvent() throws {
        let rules = """
            service cloud.firestore { match /databases/{db}/documents {
              match /posts/{id} { allow read: if resource.data.visibility == 'public'; }
              match /rooms/{room}/messages/{id} {
                allow read: if exists(/databases/$(db)/documents/rooms/$(room)/members/$(request.auth.uid));
              }
            } }
            """
        let deploy = String(decoding: try JSONSerialization.data(withJSONObject: ["rules": ["files": [["content": rules]]]]), as: UTF8.self)
        #expect(try self.server.request("PUT", "/emulator/v1/projects/p:securityRules", body: deploy).status == 200)
        let owner = [("Authorization", "Bearer owner")]
        func write(_ path: String, _ fields: String) throws {
            #expect(try self.server.request("PATCH", documentsURL("p", path), headers: owner, body: #"{"fields":{\#(fields)}}"#).status == 200)
        }

        try write("posts/p1", #""visibility":{"stringValue":"public"},"text":{"stringValue":"hello"}"#)
        let post = try self.open("GET", documentsURL("p", "posts/p1"))
        #expect(post.head.status == 200)
        #expect(try self.snapshot(post)["size"] as? Int == 1)
        try write("posts/p1", #""visibility":{"stringValue":"private"},"text":{"stringValue":"secret"}"#)
        let denied = try #require(try post.nextEvent())
        #expect(denied.event == "error")
        #expect(denied.data.contains("PERMISSION_DENIED"))
        #expect(!denied.data.contains("secret"))
        #expect(try post.next() == nil)

        try write("rooms/r1/members/alice", "")
        try write("rooms/r1/messages/m1", #""text":{"stringValue":"hi"}"#)
        let alice = "Authorization: " + SecurityRulesTests.user("alice")[0].1
        let query = #"{"structuredQuery":{"from":[{"collectionId":"messages"}]}}"#
        let room = try self.open("POST", documentsURL("p", "rooms/r1") + ":listen", body: query, headers: [alice])
        #expect(room.head.status == 200)
        #expect(try self.snapshot(room)["size"] as? Int == 1)
        #expect(try self.server.request("DELETE", documentsURL("p", "rooms/r1/members/alice"), headers: owner).status == 200)
        try write("rooms/r1/messages/m2", #""text":{"stringValue":"after alice left"}"#)
        let removed = try #require(try room.nextEvent())  // at that write, or at a keep-alive before it
        #expect(removed.event == "error")
        #expect(removed.data.contains("PERMISSION_DENIED"))
        #expect(!removed.data.contains("after alice left"))
        #expect(try room.next() == nil)
    }
}
