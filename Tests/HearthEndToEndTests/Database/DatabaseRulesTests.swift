import Foundation
import HearthTesting
import Testing

/// Realtime Database rules through a real `hearth serve --database-rules FILE`
/// (`rtdb.md` §8): cascading reads and writes, `.validate`, `auth`, `now`, `newData`,
/// query-based rules, uploads to `/.settings/rules.json`, and hot reload.
@Suite struct DatabaseRulesTests {
    static let rules = """
        {
          // Comments are allowed, as in Firebase.
          "rules": {
            "public": { ".read": true },
            "users": {
              "$uid": {
                ".read": "auth != null && auth.uid == $uid",
                ".write": "auth != null && auth.uid == $uid",
                "name": { ".validate": "newData.isString() && newData.val().length <= 20" }
              }
            },
            "posts": {
              ".read": "query.orderByChild == 'owner' && query.equalTo == auth.uid",
              "$id": {
                ".write": "auth != null && (!data.exists() || data.child('owner').val() == auth.uid)",
                ".validate": "newData.child('owner').val() == auth.uid && newData.child('at').val() == now"
              }
            }
          }
        }
        """

    let directory: TemporaryDirectory
    let rulesFile: URL
    let server: HearthProcess

    init() throws {
        self.directory = try TemporaryDirectory("rtdb-rules")
        self.rulesFile = URL(fileURLWithPath: try self.directory.write(Self.rules, to: "database.rules.json"))
        self.server = try HearthProcess(["--database-rules", self.rulesFile.path, "--rules-check-interval", "0"])
    }

    static func auth(_ uid: String) -> String { "auth=" + TestToken.idToken(uid) }
    static let owner = [("Authorization", "Bearer owner")]
    static let denied = "{\n  \"error\" : \"Permission denied\"\n}\n"

    @Test func rulesCascadeValidateAndExplain() throws {
        let alice = Self.auth("alice")
        let steps = [
            DatabaseStep("PUT", "/public/notice.json", #""hello""#, headers: Self.owner, 200),
            DatabaseStep("GET", "/public/notice.json", 200, #""hello""#),
            DatabaseStep("GET", "/public.json", 200),
            DatabaseStep("GET", "/.json", 401, Self.denied),
            DatabaseStep("PUT", "/public/notice.json", #""x""#, 401, Self.denied),
            DatabaseStep("PUT", "/users/alice.json?\(alice)", #"{"name":"Alice"}"#, 200),
            DatabaseStep("GET", "/users/alice.json?\(alice)", 200, #"{"name":"Alice"}"#),
            DatabaseStep("GET", "/users/alice.json", headers: [("Authorization", "Bearer " + TestToken.idToken("alice"))], 200),
            DatabaseStep("GET", "/users/alice.json?\(Self.auth("bob"))", 401, Self.denied),
            DatabaseStep("GET", "/users.json?\(alice)", 401, Self.denied),
            DatabaseStep("PUT", "/users/alice/name.json?\(alice)", #""a name that is far too long""#, 401, Self.denied),
            DatabaseStep("PUT", "/users/alice/name.json?\(alice)", "5", 401, Self.denied),
            DatabaseStep("DELETE", "/users/alice/name.json?\(alice)", 200, "null"),
            DatabaseStep("PATCH", "/users.json?\(alice)", #"{"alice/name":"A","bob/name":"B"}"#, 401, Self.denied),
            DatabaseStep("GET", "/users/alice.json?\(alice)", 200, "null"),
            DatabaseStep("PUT", "/posts/p1.json?\(alice)", #"{"owner":"alice","at":{".sv":"timestamp"}}"#, 200),
            DatabaseStep("PUT", "/posts/p1.json?\(Self.auth("bob"))", #"{"owner":"bob","at":{".sv":"timestamp"}}"#, 401),
            DatabaseStep("PUT", "/posts/p2.json?\(alice)", #"{"owner":"alice","at":5}"#, 401),
            DatabaseStep("GET", "/posts.json?\(alice)", 401, Self.denied),
            DatabaseStep("GET", "/posts.json?orderBy=%22owner%22&equalTo=%22alice%22&\(alice)", 200),
            DatabaseStep("GET", "/posts.json?orderBy=%22owner%22&equalTo=%22alice%22&\(Self.auth("bob"))", 401),
            DatabaseStep("GET", "/.json?access_token=owner", 200),
            DatabaseStep("GET", "/users.json?auth_variable_override=%7B%22uid%22%3A%22alice%22%7D", headers: Self.owner, 401),
            DatabaseStep("GET", "/users/alice.json?auth_variable_override=%7B%22uid%22%3A%22alice%22%7D", headers: Self.owner, 200),
        ]
        for step in steps { try step.run(on: self.server) }
        let explained = try self.server.databaseRequest("GET", "/users/alice.json?\(Self.auth("bob"))")
        let explanation = try #require(explained.header("X-Hearth-Explanation"))
        #expect(explanation.contains("database.rules.json"))
        #expect(explanation.contains("/users/alice"))
    }

    @Test func expiredTokensAreRefused() throws {
        let expired = "auth=" + TestToken.idToken("alice", extraClaims: #""exp":1000"#)
        try DatabaseStep("GET", "/public.json?\(expired)", 401, "{\n  \"error\" : \"Auth token is expired\"\n}\n").run(on: self.server)
    }

    @Test func rulesAreUploadedPerNamespaceAndReloadedFromTheFile() throws {
        let open = #"{"rules":{".read":true,".write":"auth != null"}}"#
        try self.run([
            DatabaseStep("GET", "/.settings/rules.json", 401, Self.denied),
            DatabaseStep("PUT", "/.settings/rules.json?ns=other", open, 401, Self.denied),
            DatabaseStep("PUT", "/.settings/rules.json?ns=other", #"{"rules":{".read":"nope("}}"#, headers: Self.owner, 400),
            DatabaseStep("PUT", "/.settings/rules.json?ns=other&dryRun=true", open, headers: Self.owner, 200),
            DatabaseStep("GET", "/x.json?ns=other", 401),
            DatabaseStep("PUT", "/.settings/rules.json?ns=other", open, headers: Self.owner, 200, #"{"status":"ok"}"#),
            DatabaseStep("GET", "/.settings/rules.json?ns=other", headers: Self.owner, 200, open),
            DatabaseStep("GET", "/x.json?ns=other", 200),
            DatabaseStep("PUT", "/x.json?ns=other", "1", 401),
            DatabaseStep("PUT", "/x.json?ns=other&\(Self.auth("carol"))", "1", 200),
            DatabaseStep("GET", "/public.json", 200),
        ])
        let source = try self.server.databaseRequest("GET", "/.settings/rules.json", headers: Self.owner).bodyText
        #expect(source.contains("// Comments are allowed"))
        let strict = try self.server.databaseRequest("GET", "/.settings/rules.json?format=strict", headers: Self.owner)
        #expect(!strict.bodyText.contains("//"))
        #expect((try strict.json["rules"] as? [String: Any]) != nil)

        // A broken edit keeps the previous rules; a good one takes effect on the next request.
        try "{ not json".write(to: self.rulesFile, atomically: true, encoding: .utf8)
        try DatabaseStep("GET", "/public.json", 200).run(on: self.server)
        try #"{"rules":{".read":false}}"#.write(to: self.rulesFile, atomically: true, encoding: .utf8)
        try DatabaseStep("GET", "/public.json", 401).run(on: self.server)
    }

    @Test func indexesAreEnforcedOnlyWhenAsked() throws {
        let query = #"/scores.json?orderBy="points"&limitToFirst=1"#.urlQueryEncoded
        try DatabaseStep("GET", query, headers: Self.owner, 200).run(on: self.server)
        let strict = try HearthProcess(["--enforce-indexes", "--database-rules", self.rulesFile.path, "--rules-check-interval", "0"])
        try DatabaseStep(
            "GET", query, headers: Self.owner, 400,
            "{\n  \"error\" : \"Index not defined, add \\\".indexOn\\\": \\\"points\\\", for path \\\"/scores\\\", to the rules\"\n}\n"
        ).run(on: strict)
        try #"{"rules":{".read":true,"scores":{".indexOn":["points"]}}}"#.write(to: self.rulesFile, atomically: true, encoding: .utf8)
        try DatabaseStep("GET", query, headers: Self.owner, 200).run(on: strict)
        try DatabaseStep("GET", #"/scores.json?orderBy="$value""#.urlQueryEncoded, headers: Self.owner, 400).run(on: strict)
        try DatabaseStep("GET", #"/scores.json?orderBy="$key""#.urlQueryEncoded, headers: Self.owner, 200).run(on: strict)
    }

    private func run(_ steps: [DatabaseStep]) throws {
        for step in steps { try step.run(on: self.server) }
    }
}
