import Foundation
import HearthTesting
import Testing

/// Durability through the real binary: data survives a restart and `kill -9`, a second server
/// on the same directory is refused, and a crash never leaves a commit half-applied.
@Suite struct DurabilityTests {
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("e2e") }

    @Test func documentsSurviveACleanRestartWithTheirTimes() throws {
        let directory = self.temporary.path
        let first = try HearthProcess(["--data", directory])
        let written = try first.request("PATCH", documentsURL("dur", "rooms/r1"), body: #"{"fields":{"title":{"stringValue":"Lobby"},"n":{"integerValue":"7"}}}"#)
        #expect(written.status == 200)
        _ = try first.request("PATCH", documentsURL("dur", "rooms/r2/messages/m1"), body: "{}")
        _ = try first.request("DELETE", documentsURL("dur", "rooms/r2/messages/m1"))
        #expect(first.stop() == 0)

        let second = try HearthProcess(["--data", directory])
        let read = try second.request("GET", documentsURL("dur", "rooms/r1"))
        #expect(read.bodyText == written.bodyText)
        #expect(try second.request("GET", documentsURL("dur", "rooms/r2/messages/m1")).status == 404)
        let later = try second.request("PATCH", documentsURL("dur", "rooms/r1"), body: #"{"fields":{"n":{"integerValue":"8"}}}"#).json
        #expect(try #require(later.string("updateTime")) > #require(try written.json.string("updateTime")))
    }

    @Test func aSecondServerOnTheSameDirectoryIsRefused() throws {
        let directory = self.temporary.path
        let first = try HearthProcess(["--data", directory])
        #expect(throws: HearthProcessError.self) { try HearthProcess(["--data", directory]) }
        #expect(try first.request("GET", "/").status == 200)
    }

    /// Concurrent writers commit pairs of documents with the same value; the server is killed
    /// with SIGKILL mid-stream; after a restart every acknowledged pair is present and no pair
    /// is half-applied. Repeated a few times.
    @Test(arguments: 1...3)
    func killNineLosesNoAcknowledgedWriteAndTearsNoCommit(_ round: Int) throws {
        let directory = self.temporary.path
        let server = try HearthProcess(["--data", directory])
        let killAfter = 150 + 50 * round
        let port = server.port
        let acked = AcknowledgedWriters.run(until: killAfter) { writer, value in
            let body = #"{"writes":[{"update":{"name":"projects/crash/databases/(default)/documents/a/w\#(writer)","fields":{"v":{"integerValue":"\#(value)"}}}},{"update":{"name":"projects/crash/databases/(default)/documents/b/w\#(writer)","fields":{"v":{"integerValue":"\#(value)"}}}}]}"#
            let response = try? HTTPTestClient.request("POST", documentsURL("crash") + ":commit", port: port, body: Array(body.utf8))
            return response?.status == 200
        }
        _ = server.stop(signal: SIGKILL)

        let restarted = try HearthProcess(["--data", directory])
        for writer in 0..<8 {
            let a = try restarted.request("GET", documentsURL("crash", "a/w\(writer)"))
            let b = try restarted.request("GET", documentsURL("crash", "b/w\(writer)"))
            let lastAcked = AcknowledgedWriters.lastValue(of: writer, in: acked)
            guard a.status == 200, b.status == 200 else {
                #expect(lastAcked == nil, "writer \(writer) had acknowledged writes but its documents are gone")
                continue
            }
            let va = Int(try a.json.object("fields").object("v").string("integerValue") ?? "")
            let vb = Int(try b.json.object("fields").object("v").string("integerValue") ?? "")
            #expect(va == vb, "commit torn: a=\(String(describing: va)) b=\(String(describing: vb))")
            if let lastAcked, let va { #expect(va >= lastAcked, "acknowledged value \(lastAcked) lost (found \(va))") }
        }
    }
}
