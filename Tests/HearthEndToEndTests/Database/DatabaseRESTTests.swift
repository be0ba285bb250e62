import Foundation
import HearthTesting
import Testing

/// The Realtime Database REST API of a real `hearth serve`, as curl and the SDKs' REST
/// clients use it (`rtdb.md` §1–3): each table runs in order on a fresh server.
@Suite struct DatabaseRESTTests {
    let server: HearthProcess
    init() throws { self.server = try HearthProcess() }

    private func run(_ steps: [DatabaseStep]) throws {
        for step in steps { try step.run(on: self.server) }
    }

    @Test func readsWritesAndDeletes() throws {
        try self.run([
            DatabaseStep("GET", "/.json", 200, "null"),
            DatabaseStep("PUT", "/users/alice.json", #"{"name":"Alice","age":30}"#, 200, #"{"age":30,"name":"Alice"}"#),
            DatabaseStep("GET", "/users/alice/name.json", 200, #""Alice""#),
            DatabaseStep("GET", "/users//alice/.json", 200, #"{"age":30,"name":"Alice"}"#),
            DatabaseStep("PATCH", "/users.json", #"{"alice/age":31,"bob":{"name":"Bob"}}"#, 200, #"{"alice/age":31,"bob":{"name":"Bob"}}"#),
            DatabaseStep("GET", "/users.json", 200, #"{"alice":{"age":31,"name":"Alice"},"bob":{"name":"Bob"}}"#),
            DatabaseStep("PATCH", "/users.json", #"{"bob":null}"#, 200, #"{"bob":null}"#),
            DatabaseStep("GET", "/users.json?shallow=true", 200, #"{"alice":true}"#),
            DatabaseStep("DELETE", "/users/alice/age.json", 200, "null"),
            DatabaseStep("PUT", "/users/alice/name.json", "null", 200, "null"),
            DatabaseStep("GET", "/users.json", 200, "null"),
            DatabaseStep("PUT", "/list.json", #"["a","b"]"#, 200, #"["a","b"]"#),
            DatabaseStep("PUT", "/sparse.json", #"{"1":"x"}"#, 200, #"[null,"x"]"#),
            DatabaseStep("GET", "/sparse.json?format=export", 200, #"{"1":"x"}"#),
            DatabaseStep("PUT", "/p.json", #"{".value":5,".priority":2}"#, 200, "5"),
            DatabaseStep("GET", "/p.json?format=export", 200, #"{".value":5,".priority":2}"#),
            DatabaseStep("PUT", "/silent.json?print=silent", "1", 204, ""),
            DatabaseStep("GET", "/silent.json?print=pretty", 200, "1\n"),
            DatabaseStep("GET", "/list.json?print=pretty", 200, "[\n  \"a\",\n  \"b\"\n]\n"),
            DatabaseStep("GET", "/silent.json?callback=gotIt", 200, "gotIt(1);"),
            DatabaseStep("POST", "/silent.json", #"{"a":1}"#, headers: [("X-HTTP-Method-Override", "DELETE")], 200, "null"),
            DatabaseStep("GET", "/silent.json", 200, "null"),
        ])
    }

    @Test func pushIDsAreFirebaseShapedAndIncreasing() throws {
        var names: [String] = []
        for index in 0..<50 {
            let response = try DatabaseStep("POST", "/messages.json", "\(index)", 200).run(on: self.server)
            names.append(try #require(try response.json["name"] as? String))
        }
        let alphabet = Set("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
        #expect(names.allSatisfy { $0.count == 20 && $0.allSatisfy(alphabet.contains) })
        #expect(names == names.sorted())
        #expect(Set(names).count == 50)
        let stored = try self.server.databaseRequest("GET", "/messages.json").json
        #expect(stored.count == 50)
    }

    @Test func serverValuesResolveAtCommit() throws {
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let response = try DatabaseStep("PUT", "/stamp.json", #"{"at":{".sv":"timestamp"},"n":{".sv":{"increment":2}}}"#, 200).run(on: self.server)
        let at = try #require(try response.json["at"] as? Int64)
        #expect(at >= before)
        try self.run([
            DatabaseStep("PATCH", "/stamp.json", #"{"n":{".sv":{"increment":3}}}"#, 200, #"{"n":5}"#),
            DatabaseStep("PUT", "/stamp/n.json", #"{".sv":{"increment":0.5}}"#, 200, "5.5"),
            DatabaseStep("PUT", "/stamp/bad.json", #"{".sv":"nonsense"}"#, 400),
            // An object made only of server values keeps its priority (found by Tests/Contract).
            DatabaseStep("PUT", "/ranked.json", #"{"n":{".sv":{"increment":1}},".priority":"p"}"#, 200, #"{"n":1}"#),
            DatabaseStep("GET", "/ranked.json?format=export", 200, #"{"n":1,".priority":"p"}"#),
            DatabaseStep("PATCH", "/.json", #"{"ranked2":{"m":{"n":{".sv":{"increment":2}},".priority":3}}}"#, 200),
            DatabaseStep("GET", "/ranked2.json?format=export", 200, #"{"m":{"n":2,".priority":3}}"#),
        ])
    }

    @Test func queriesOrderFilterAndLimit() throws {
        try DatabaseStep(
            "PUT", "/dinosaurs.json",
            #"{"lambeosaurus":{"height":2.1,"order":"o"},"stegosaurus":{"height":4},"bruhathkayosaurus":{"height":25},"linhenykus":{"height":0.6}}"#,
            200
        ).run(on: self.server)
        try self.run([
            DatabaseStep("GET", #"/dinosaurs.json?orderBy="height"&startAt=3"#.urlQueryEncoded, 200, #"{"bruhathkayosaurus":{"height":25},"stegosaurus":{"height":4}}"#),
            DatabaseStep("GET", #"/dinosaurs.json?orderBy="height"&limitToFirst=1"#.urlQueryEncoded, 200, #"{"linhenykus":{"height":0.6}}"#),
            DatabaseStep("GET", #"/dinosaurs.json?orderBy="$key"&equalTo="stegosaurus""#.urlQueryEncoded, 200, #"{"stegosaurus":{"height":4}}"#),
            DatabaseStep("GET", #"/dinosaurs.json?orderBy="$key"&startAfter="linhenykus"&limitToLast=1"#.urlQueryEncoded, 200, #"{"stegosaurus":{"height":4}}"#),
            DatabaseStep("GET", #"/dinosaurs.json?orderBy="height"&endBefore=2.1"#.urlQueryEncoded, 200, #"{"linhenykus":{"height":0.6}}"#),
            DatabaseStep("GET", "/dinosaurs.json?limitToFirst=1", 400, "{\n  \"error\" : \"orderBy must be defined when other query parameters are defined\"\n}\n"),
            DatabaseStep("GET", "/dinosaurs.json?orderBy=height", 400, "{\n  \"error\" : \"orderBy must be a valid JSON encoded path\"\n}\n"),
            DatabaseStep("GET", #"/dinosaurs.json?orderBy="height"&equalTo=bob"#.urlQueryEncoded, 400, "{\n  \"error\" : \"Constraint index field must be a JSON primitive\"\n}\n"),
            DatabaseStep("GET", #"/dinosaurs.json?orderBy="height"&limitToFirst=-1"#.urlQueryEncoded, 400),
            DatabaseStep("GET", "/dinosaurs.json?shallow=true&limitToFirst=1", 200, #"{"bruhathkayosaurus":true}"#),
            // Pyrebase's form encoding: + is a space.
            DatabaseStep("PUT", "/names/a.json", #"{"n":"a b"}"#, 200),
            DatabaseStep("GET", "/names.json?orderBy=%22n%22&equalTo=%22a+b%22", 200, #"{"a":{"n":"a b"}}"#),
        ])
    }

    @Test func etagsMakeConditionalRequests() throws {
        let written = try DatabaseStep("PUT", "/counter.json", "1", headers: [("X-Firebase-ETag", "true")], 200, "1").run(on: self.server)
        let etag = try #require(written.header("ETag"))
        #expect(etag.count == 28)
        try self.run([
            DatabaseStep("GET", "/counter.json", headers: [("if-none-match", etag)], 304, ""),
            DatabaseStep("PUT", "/counter.json", "2", headers: [("if-match", "wrong")], 412, "1"),
            DatabaseStep("PUT", "/counter.json", "2", headers: [("if-match", etag)], 200, "2"),
            DatabaseStep("PUT", "/counter.json", "3", headers: [("if-match", etag)], 412, "2"),
            DatabaseStep("PUT", "/fresh.json", "1", headers: [("if-match", "null_etag")], 200, "1"),
            DatabaseStep("PUT", "/fresh.json", "1", headers: [("if-match", "null_etag")], 412, "1"),
            DatabaseStep("DELETE", "/fresh.json", headers: [("if-match", "stale")], 412, "1"),
            DatabaseStep("PATCH", "/fresh.json", #"{"a":1}"#, headers: [("if-match", "x")], 400),
            DatabaseStep("PUT", "/fresh.json?print=silent", "1", headers: [("if-match", "x")], 400),
        ])
        let missing = try DatabaseStep("GET", "/nothing.json", headers: [("X-Firebase-ETag", "true")], 200, "null").run(on: self.server)
        #expect(missing.header("ETag") == "null_etag")
        let failed = try DatabaseStep("PUT", "/counter.json", "9", headers: [("if-match", "wrong")], 412).run(on: self.server)
        #expect(failed.header("ETag") != nil)
    }

    @Test func badInputGetsFirebaseErrorsAndChangesNothing() throws {
        try DatabaseStep("PUT", "/keep.json", #"{"a":1}"#, 200).run(on: self.server)
        let invalidJSON = "{\n  \"error\" : \"Invalid data; couldn't parse JSON object, array, or value.\"\n}\n"
        try self.run([
            DatabaseStep("PUT", "/keep.json", "{nope", 400, invalidJSON),
            DatabaseStep("PUT", "/keep.json", "", 400, invalidJSON),
            DatabaseStep("POST", "/keep.json", "[1,", 400, invalidJSON),
            DatabaseStep("PATCH", "/keep.json", "5", 400),
            DatabaseStep("PATCH", "/keep.json", #"{"a":1,"a/b":2}"#, 400),
            DatabaseStep("PUT", "/keep.json", #"{"a.b":1}"#, 400),
            DatabaseStep("PUT", "/keep.json", #"{"a":{"$x":1}}"#, 400),
            DatabaseStep("GET", "/a$b.json", 400, "{\n  \"error\" : \"Invalid path: Invalid token in path\"\n}\n"),
            DatabaseStep("GET", "/a%2Fb.json", 400),
            DatabaseStep("GET", "/a%ZZ.json", 400),
            DatabaseStep("GET", "/keep", 404),
            DatabaseStep("GET", "/keep.json?ns=Bad%20Name", 400),
            DatabaseStep("GET", "/keep.json?timeout=forever", 400),
            DatabaseStep("GET", "/keep.json?timeout=3s", 200, #"{"a":1}"#),
            DatabaseStep("PUT", "/keep.json?writeSizeLimit=huge", "1", 400),
            DatabaseStep("GET", "/keep.json?callback=alert(1)", 400),
            DatabaseStep("GET", "/keep.json", headers: [("Authorization", "Bearer not-a-token")], 401, "{\n  \"error\" : \"Could not parse auth token.\"\n}\n"),
            DatabaseStep("PUT", "/" + Array(repeating: "d", count: 33).joined(separator: "/") + ".json", "1", 400),
            DatabaseStep("OPTIONS", "/keep.json", headers: [("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", "PUT")], 204),
            DatabaseStep("GET", "/keep.json", 200, #"{"a":1}"#),
        ])
    }

    @Test func namespacesAreIsolatedAndListed() throws {
        try self.run([
            DatabaseStep("PUT", "/x.json?ns=first", "1", 200),
            DatabaseStep("PUT", "/x.json?ns=second", "2", 200),
            DatabaseStep("GET", "/x.json?ns=first", 200, "1"),
            DatabaseStep("GET", "/x.json", 200, "null"),
            DatabaseStep("GET", "/x.json", headers: [("Host", "second.firebaseio.com")], 200, "2"),
            DatabaseStep("GET", "/x.json", headers: [("Host", "127.0.0.1:9000")], 200, "null"),
            DatabaseStep("PUT", "/x.json", "3", 200),
            DatabaseStep("GET", "/x.json?ns=demo-hearth-default-rtdb", 200, "3"),
        ])
        let listed = try self.server.databaseRequest("GET", "/.inspect/databases.json").bodyText
        for name in ["first", "second", "demo-hearth-default-rtdb"] { #expect(listed.contains(#""name":"\#(name)""#)) }
    }
}

extension String {
    /// Percent-encodes the characters curl users escape in a query (`"`, `$`, space).
    var urlQueryEncoded: String {
        self.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "$", with: "%24").replacingOccurrences(of: " ", with: "%20")
    }
}
