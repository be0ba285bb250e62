import Foundation
import HearthTesting
import Testing

/// Realtime Database streaming (`rtdb.md` §4) over real SSE connections to `hearth serve`:
/// the exact events Firebase's clients parse, in commit order.
@Suite struct DatabaseStreamTests {
    /// Grants cascade and cannot be revoked deeper, so readable places are granted one by one.
    static let rules = """
        {"rules": {".write": true, "secret": {".read": false},
          "open": {".read": true}, "rooms": {".read": true}, "quiet": {".read": true}, "scores": {".read": true}}}
        """
    let directory: TemporaryDirectory
    let rulesFile: URL
    let server: HearthProcess

    init() throws {
        self.directory = try TemporaryDirectory("rtdb-stream")
        self.rulesFile = URL(fileURLWithPath: try self.directory.write(Self.rules, to: "database.rules.json"))
        self.server = try HearthProcess(["--database-rules", self.rulesFile.path, "--rules-check-interval", "0", "--database-keep-alive", "1"])
    }

    private func open(_ path: String, headers: [String] = []) throws -> EventStreamReader {
        var request = "GET \(path) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
        for header in headers { request += header + "\r\n" }
        return try EventStreamReader(port: self.server.databasePort, request: request + "\r\n")
    }

    private func write(_ method: String, _ path: String, _ body: String) throws {
        let response = try self.server.databaseRequest(method, path, body: body)
        #expect(response.status == 200, "\(method) \(path): \(response.bodyText)")
    }

    /// The next event that is not a keep-alive, as `event data`.
    private func next(_ reader: EventStreamReader) throws -> String {
        while let event = try reader.nextEvent() {
            if event.event != "keep-alive" { return "\(event.event ?? "") \(event.data)" }
        }
        return "end of stream"
    }

    @Test func everyChangeUnderTheLocationArrivesInFirebaseFormat() throws {
        try self.write("PUT", "/rooms/r1.json", #"{"title":"Lobby"}"#)
        let reader = try self.open("/rooms.json")
        #expect(reader.head.status == 200)
        #expect(reader.head.header("content-type") == "text/event-stream; charset=utf-8")
        let cases: [(String, String, String, String)] = [
            ("PUT", "/rooms/r1/title.json", #""Café 漢""#, #"put {"path":"/r1/title","data":"Café 漢"}"#),
            ("PATCH", "/rooms/r1.json", #"{"topic":"x","title":null}"#, #"patch {"path":"/r1","data":{"topic":"x","title":null}}"#),
            ("PUT", "/elsewhere.json", "1", ""),
            ("PATCH", "/.json", #"{"rooms/r2":{"a":1},"other":2}"#, #"patch {"path":"/","data":{"r2":{"a":1}}}"#),
            ("DELETE", "/rooms/r2.json", "", #"put {"path":"/r2","data":null}"#),
            ("PUT", "/.json", #"{"rooms":{"r9":true}}"#, #"put {"path":"/","data":{"r9":true}}"#),
        ]
        #expect(try self.next(reader) == #"put {"path":"/","data":{"r1":{"title":"Lobby"}}}"#)
        for (method, path, body, expected) in cases {
            try self.write(method, path, body)
            if !expected.isEmpty { #expect(try self.next(reader) == expected, "\(method) \(path)") }
        }
        let pushed = try self.server.databaseRequest("POST", "/rooms.json", body: #""new""#)
        let name = try #require(try pushed.json["name"] as? String)
        #expect(try self.next(reader) == #"put {"path":"/\#(name)","data":"new"}"#)
        reader.close()
    }

    /// Streams at one location share one encoding of each change (`DatabaseStreamFanout`); a
    /// different format or location gets its own, and several changes in a row stay in order.
    @Test func streamsSharingALocationGetTheirOwnFormat() throws {
        let plain = try self.open("/rooms/s.json")
        let export = try self.open("/rooms/s.json?format=export")
        let child = try self.open("/rooms/s/r1.json")
        for reader in [plain, export, child] { #expect(try self.next(reader) == #"put {"path":"/","data":null}"#) }
        try self.write("PUT", "/rooms/s/r1.json", #"{"a":1,".priority":3}"#)
        try self.write("PUT", "/rooms/s/r1/a.json", "2")
        #expect(try self.next(plain) == #"put {"path":"/r1","data":{"a":1}}"#)
        #expect(try self.next(plain) == #"put {"path":"/r1/a","data":2}"#)
        #expect(try self.next(export) == #"put {"path":"/r1","data":{"a":1,".priority":3}}"#)
        #expect(try self.next(export) == #"put {"path":"/r1/a","data":2}"#)
        #expect(try self.next(child) == #"put {"path":"/","data":{"a":1}}"#)
        #expect(try self.next(child) == #"put {"path":"/a","data":2}"#)
        for reader in [plain, export, child] { reader.close() }
    }

    @Test func keepAlivesAreEventsWithNullData() throws {
        let reader = try self.open("/quiet.json")
        #expect(try reader.nextEvent()?.event == "put")
        let keepAlive = try #require(try reader.next())
        #expect(keepAlive.event == "keep-alive")
        #expect(keepAlive.data == "null")
        #expect(keepAlive.comment == nil)
        reader.close()
    }

    @Test func queryStreamsFollowTheirWindow() throws {
        try self.write("PUT", "/scores.json", #"{"a":{"s":1},"b":{"s":5}}"#)
        let reader = try self.open(#"/scores.json?orderBy="s"&limitToLast=1"#.urlQueryEncoded)
        #expect(try self.next(reader) == #"put {"path":"/","data":{"b":{"s":5}}}"#)
        try self.write("PUT", "/scores/c.json", #"{"s":9}"#)
        #expect(try self.next(reader) == #"put {"path":"/b","data":null}"#)
        #expect(try self.next(reader) == #"put {"path":"/c","data":{"s":9}}"#)
        reader.close()
    }

    @Test func losingReadAccessCancelsTheStream() throws {
        let denied = try self.open("/secret.json")
        #expect(denied.head.status == 401)
        denied.close()
        let reader = try self.open("/open.json")
        #expect(try self.next(reader) == #"put {"path":"/","data":null}"#)
        try #"{"rules":{".write":true}}"#.write(to: self.rulesFile, atomically: true, encoding: .utf8)
        // The next change makes the stream re-check its rules (and a reload notifies it too).
        try self.write("PUT", "/open/x.json", "1")
        #expect(try self.next(reader) == "cancel null")
        #expect(try reader.nextEvent() == nil)
    }

    /// `exp` is whole seconds, so `now + 1` truncated could leave the token milliseconds to
    /// live, and a loaded machine opened the stream after it expired (a 401, CI of 2026-11-29).
    /// Rounding up and adding 3 leaves the open at least 3 s; the test waits that long.
    @Test func anExpiringCredentialIsRevokedAndItsReconnectRefused() throws {
        let expires = Int(Date().timeIntervalSince1970.rounded(.up)) + 3
        let token = TestToken.idToken("alice", extraClaims: #""exp":\#(expires)"#)
        let reader = try self.open("/open.json?auth=\(token)")
        #expect(reader.head.status == 200)
        #expect(try self.next(reader) == #"put {"path":"/","data":null}"#)
        #expect(try self.next(reader) == "auth_revoked credential is no longer valid")
        #expect(try reader.nextEvent() == nil)
        let again = try self.server.databaseRequest("GET", "/open.json?auth=\(token)")
        #expect(again.status == 401)
        #expect(again.bodyText.contains("Auth token is expired"))
    }
}

/// Backpressure: a reader that stops reading is cut off once its buffer is full, while writers
/// never wait and a reader that keeps up receives every event.
@Suite struct DatabaseSlowReaderTests {
    @Test func aStalledReaderIsCutOffWhileAFastOneKeepsEverything() throws {
        let server = try HearthProcess(["--database-stream-buffer", "8"])
        let request = "GET /flood.json HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"
        let slow = try EventStreamReader(port: server.databasePort, request: request)
        let fast = try EventStreamReader(port: server.databasePort, request: request)
        #expect(try fast.nextEvent()?.event == "put")
        let payload = String(repeating: "x", count: 64 * 1024)
        let writes = 120
        for index in 0..<writes {
            try DatabaseStep("PUT", "/flood/\(index).json?print=silent", "\"\(payload)\"", 204).run(on: server)
            let event = try #require(try fast.nextEvent())
            #expect(event.data.hasPrefix(#"{"path":"/\#(index)","data":"xxx"#))
        }
        let received = try Self.putsUntilTheStreamEnds(slow)
        #expect(received < writes + 1, "the stalled reader was never cut off")
        fast.close()
    }

    /// Counts `reader`'s `put` events until its stream ends, either way a cut-off stream ends:
    /// with the end of its body, when its client reads its final bytes within the transport's
    /// grace (2 s), or with the connection closed in the middle of an event, when it does not
    /// (the flood can outlast the grace on a loaded machine; the client then has what the kernels
    /// held, cut anywhere). A stream that never ends still fails: its read times out.
    private static func putsUntilTheStreamEnds(_ reader: EventStreamReader) throws -> Int {
        var puts = 0
        do {
            while let event = try reader.nextEvent() {
                if event.event == "put" { puts += 1 }
            }
        } catch let error as RawHTTPError where error.description.hasPrefix("Connection closed") {
            // Closed mid-event: the stream ended there.
        }
        return puts
    }
}
