import Foundation
import HearthTesting
import Testing

/// Realtime Database data survives restarts and `kill -9` (issue "Durable storage"): every
/// acknowledged write is back after a restart, and a multi-path update is never half-applied.
@Suite struct DatabaseDurabilityTests {
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("e2e") }

    @Test func theTreeSurvivesARestartWithPrioritiesAndShapeChanges() throws {
        let first = try HearthProcess(["--data", self.temporary.path])
        let writes = [
            DatabaseStep("PUT", "/a.json", #"{"leaf":1,"obj":{"x":"y"},"list":["p","q"]}"#, 200),
            DatabaseStep("PUT", "/a/leaf/deeper.json", #""leaf became an object""#, 200),
            DatabaseStep("PUT", "/a/obj.json", #""object became a leaf""#, 200),
            DatabaseStep("PUT", "/p.json", #"{"v":{".value":true,".priority":"z"},".priority":3}"#, 200),
            DatabaseStep("PATCH", "/.json", #"{"a/list/1":null,"gone":null,"n":{".sv":{"increment":5}}}"#, 200),
            DatabaseStep("PUT", "/x.json?ns=other", #""elsewhere""#, 200),
        ]
        for step in writes { try step.run(on: first) }
        let before = try first.databaseRequest("GET", "/.json?format=export").bodyText
        #expect(first.stop() == 0)

        let second = try HearthProcess(["--data", self.temporary.path])
        #expect(try second.databaseRequest("GET", "/.json?format=export").bodyText == before)
        try DatabaseStep("GET", "/a.json", 200, #"{"leaf":{"deeper":"leaf became an object"},"list":["p"],"obj":"object became a leaf"}"#).run(on: second)
        try DatabaseStep("GET", "/x.json?ns=other", 200, #""elsewhere""#).run(on: second)
        try DatabaseStep("PUT", "/.json", "null", headers: [("Authorization", "Bearer owner")], 200).run(on: second)
        #expect(second.stop() == 0)
        let third = try HearthProcess(["--data", self.temporary.path])
        try DatabaseStep("GET", "/.json", 200, "null").run(on: third)
    }

    @Test func uploadedRulesStayInForceAfterARestart() throws {
        let owner = [("Authorization", "Bearer owner")]
        let first = try HearthProcess(["--data", self.temporary.path])
        try DatabaseStep("PUT", "/.settings/rules.json?ns=locked", #"{"rules":{".read":false,".write":false}}"#, headers: owner, 200).run(on: first)
        try DatabaseStep("GET", "/x.json?ns=locked", 401).run(on: first)
        _ = first.stop(signal: SIGKILL)
        let second = try HearthProcess(["--data", self.temporary.path])
        try DatabaseStep("GET", "/x.json?ns=locked", 401).run(on: second)
        try DatabaseStep("GET", "/x.json", 200).run(on: second)
        try DatabaseStep("GET", "/.settings/rules.json?ns=locked", headers: owner, 200, #"{"rules":{".read":false,".write":false}}"#).run(on: second)
    }

    /// Eight writers each PATCH a pair of locations to the same value until the server is
    /// killed with SIGKILL; after a restart each pair is equal and at least the last
    /// acknowledged value.
    @Test(arguments: 1...2)
    func killNineLosesNoAcknowledgedWriteAndTearsNoUpdate(_ round: Int) throws {
        let server = try HearthProcess(["--data", self.temporary.path])
        let killAfter = 150 + 50 * round
        let port = server.databasePort
        let acked = AcknowledgedWriters.run(until: killAfter) { writer, value in
            let body = #"{"a/w\#(writer)":\#(value),"b/w\#(writer)":\#(value)}"#
            let response = try? HTTPTestClient.request("PATCH", "/.json?print=silent", port: port, body: Array(body.utf8))
            return response?.status == 204
        }
        _ = server.stop(signal: SIGKILL)
        #expect(acked.count >= killAfter)

        let restarted = try HearthProcess(["--data", self.temporary.path])
        let tree = try restarted.databaseRequest("GET", "/.json").json
        for writer in 0..<8 {
            let a = (tree["a"] as? [String: Any])?["w\(writer)"] as? Int
            let b = (tree["b"] as? [String: Any])?["w\(writer)"] as? Int
            #expect(a == b, "update torn: a=\(String(describing: a)) b=\(String(describing: b))")
            if let lastAcked = AcknowledgedWriters.lastValue(of: writer, in: acked) {
                #expect((a ?? -1) >= lastAcked, "acknowledged value \(lastAcked) lost (found \(String(describing: a)))")
            }
        }
    }
}
