import Foundation
import HearthTesting
import Testing

/// Security rules through the REST API of a real `hearth serve --rules FILE`, with unsigned ID
/// tokens for different users (as the emulator suite's tools mint them).
@Suite struct SecurityRulesTests {
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /notes/{id} {
              allow get: if request.auth != null && resource.data.owner == request.auth.uid;
              allow list: if request.auth != null && resource.data.owner == request.auth.uid;
              allow create: if request.auth != null && request.resource.data.owner == request.auth.uid;
              allow delete: if false;
            }
            match /audit/{id} {
              allow create: if existsAfter(/databases/$(database)/documents/notes/$(id));
            }
          }
        }
        """

    let directory: TemporaryDirectory
    let rulesFile: URL
    let server: HearthProcess

    init() throws {
        self.directory = try TemporaryDirectory("rules")
        self.rulesFile = URL(fileURLWithPath: try self.directory.write(Self.rules, to: "firestore.rules"))
        // The file is looked at before every request, so an edit judges the very next request
        // whenever it comes (by default a look stays good for 10 ms; see FirestoreRulesRegistryTests).
        self.server = try HearthProcess(["--rules", self.rulesFile.path, "--rules-check-interval", "0"])
        let seeded = try self.server.request(
            "PATCH", documentsURL("p", "notes/n1"), headers: Self.owner, body: #"{"fields":{"owner":{"stringValue":"alice"}}}"#)
        #expect(seeded.status == 200)
    }

    static let owner = [("Authorization", "Bearer owner")]

    /// An unsigned token shaped like the emulator suite's `createMockUserToken`.
    static func user(_ uid: String) -> [(String, String)] {
        [("Authorization", "Bearer " + TestToken.idToken(uid))]
    }

    @Test func getIsJudgedPerUserWithAnExplanation() throws {
        #expect(try self.server.request("GET", documentsURL("p", "notes/n1"), headers: Self.user("alice")).status == 200)
        #expect(try self.server.request("GET", documentsURL("p", "notes/n1"), headers: Self.owner).status == 200)
        for headers in [Self.user("bob"), []] {
            let denied = try self.server.request("GET", documentsURL("p", "notes/n1"), headers: headers)
            #expect(denied.status == 403)
            #expect(denied.errorStatus == "PERMISSION_DENIED")
            #expect(denied.errorMessage.hasPrefix("Missing or insufficient permissions."))
            #expect(denied.errorMessage.contains("get on projects/p/databases/(default)/documents/notes/n1"))
            #expect(denied.errorMessage.contains("firestore.rules:5"))
        }
    }

    @Test func aMissingDocumentIsDeniedNotNotFoundWhenTheRuleReadsIt() throws {
        let denied = try self.server.request("GET", documentsURL("p", "notes/none"), headers: Self.user("alice"))
        #expect(denied.status == 403)
        let unmatched = try self.server.request("GET", documentsURL("p", "other/x"), headers: Self.user("alice"))
        #expect(unmatched.status == 403)
        #expect(unmatched.errorMessage.contains("no allow statement"))
    }

    @Test func queriesAreJudgedByTheirFiltersNotByTheStoredDocuments() throws {
        func query(_ filter: String) -> String {
            #"{"structuredQuery":{"from":[{"collectionId":"notes"}]\#(filter)}}"#
        }
        let mine = #","where":{"fieldFilter":{"field":{"fieldPath":"owner"},"op":"EQUAL","value":{"stringValue":"alice"}}}"#
        let url = documentsURL("p") + ":runQuery"
        let allowed = try self.server.request("POST", url, headers: Self.user("alice"), body: query(mine))
        #expect(allowed.status == 200)
        #expect(allowed.bodyText.contains("notes/n1"))
        // Every stored note is alice's, yet an unfiltered query cannot be proven safe.
        let unfiltered = try self.server.request("POST", url, headers: Self.user("alice"), body: query(""))
        #expect(unfiltered.status == 403)
        #expect(unfiltered.errorMessage.contains("rules are not filters"))
        #expect(try self.server.request("GET", documentsURL("p", "notes"), headers: Self.user("alice")).status == 403)
        #expect(try self.server.request("POST", url, headers: Self.user("bob"), body: query(mine)).status == 403)
        let count = #"{"structuredAggregationQuery":{"structuredQuery":{"from":[{"collectionId":"notes"}]},"aggregations":[{"alias":"n","count":{}}]}}"#
        #expect(try self.server.request("POST", documentsURL("p") + ":runAggregationQuery", headers: Self.user("alice"), body: count).status == 403)
    }

    /// Issue 35 item 8: rules decide before preconditions, so a caller they deny learns
    /// nothing about existence (notes/n1 is alice's and has no update rule; bob's create over it
    /// was 409, an exists=true update of a missing note he may not create was 404).
    @Test func deniedWritesAreDeniedWhateverThePreconditionWouldSay() throws {
        let bobs = #"{"fields":{"owner":{"stringValue":"bob"}}}"#
        let createOver = try self.server.request("POST", documentsURL("p", "notes?documentId=n1"), headers: Self.user("bob"), body: bobs)
        #expect(createOver.status == 403)
        #expect(createOver.errorStatus == "PERMISSION_DENIED")
        let alices = #"{"fields":{"owner":{"stringValue":"alice"}}}"#
        let updateMissing = try self.server.request(
            "PATCH", documentsURL("p", "notes/none?currentDocument.exists=true"), headers: Self.user("bob"), body: alices)
        #expect(updateMissing.status == 403)
        #expect(updateMissing.errorStatus == "PERMISSION_DENIED")
        // Allowed by the rules (bob may create notes he owns), the precondition answers.
        let allowed = try self.server.request(
            "PATCH", documentsURL("p", "notes/none?currentDocument.exists=true"), headers: Self.user("bob"), body: bobs)
        #expect(allowed.status == 404)
        #expect(try self.server.request("POST", documentsURL("p", "notes?documentId=n1"), headers: Self.owner, body: bobs).status == 409)
    }

    @Test func oneDeniedWriteRejectsTheWholeCommit() throws {
        let body = """
            {"writes":[
              {"update":{"name":"projects/p/databases/(default)/documents/notes/n2","fields":{"owner":{"stringValue":"alice"}}}},
              {"update":{"name":"projects/p/databases/(default)/documents/notes/n3","fields":{"owner":{"stringValue":"bob"}}}}
            ]}
            """
        let denied = try self.server.request("POST", documentsURL("p") + ":commit", headers: Self.user("alice"), body: body)
        #expect(denied.status == 403)
        #expect(denied.errorMessage.contains("create on projects/p/databases/(default)/documents/notes/n3"))
        #expect(try self.server.request("GET", documentsURL("p", "notes/n2"), headers: Self.owner).status == 404)
    }

    @Test func getAfterSeesTheWholeBatch() throws {
        let audit = #"{"update":{"name":"projects/p/databases/(default)/documents/audit/n5","fields":{}}}"#
        let note = #"{"update":{"name":"projects/p/databases/(default)/documents/notes/n5","fields":{"owner":{"stringValue":"alice"}}}}"#
        let alone = try self.server.request("POST", documentsURL("p") + ":commit", headers: Self.user("alice"), body: #"{"writes":[\#(audit)]}"#)
        #expect(alone.status == 403)
        let together = try self.server.request(
            "POST", documentsURL("p") + ":commit", headers: Self.user("alice"), body: #"{"writes":[\#(audit),\#(note)]}"#)
        #expect(together.status == 200)
    }

    @Test func batchWriteReportsEachDenialOnItsOwn() throws {
        let body = """
            {"writes":[
              {"update":{"name":"projects/p/databases/(default)/documents/notes/n6","fields":{"owner":{"stringValue":"alice"}}}},
              {"delete":"projects/p/databases/(default)/documents/notes/n1"}
            ]}
            """
        let response = try self.server.request("POST", documentsURL("p") + ":batchWrite", headers: Self.user("alice"), body: body)
        #expect(response.status == 200)
        let statuses = try response.json.array("status")
        #expect(statuses.count == 2)
        #expect(statuses.first?["code"] == nil)
        #expect(statuses.last?["code"] as? Int == 7)
        #expect(try self.server.request("GET", documentsURL("p", "notes/n1"), headers: Self.owner).status == 200)
    }

    @Test func listCollectionIdsNeedsTheOwnerWhenRulesAreInForce() throws {
        #expect(try self.server.request("POST", documentsURL("p") + ":listCollectionIds", headers: Self.user("alice"), body: "{}").status == 403)
        #expect(try self.server.request("POST", documentsURL("p") + ":listCollectionIds", headers: Self.owner, body: "{}").status == 200)
    }

    @Test func anEditedRulesFileJudgesTheNextRequest() throws {
        let url = documentsURL("p", "notes/n1")
        #expect(try self.server.request("GET", url, headers: Self.user("bob")).status == 403)
        let open = Self.rules.replacingOccurrences(of: "allow get: if request.auth != null && resource.data.owner == request.auth.uid;", with: "allow get: if true;")
        try open.write(to: self.rulesFile, atomically: true, encoding: .utf8)
        #expect(try self.server.request("GET", url, headers: Self.user("bob")).status == 200)
        // A file that does not compile keeps the rules in force and says where it is wrong.
        try (open + "\nmatch {").write(to: self.rulesFile, atomically: true, encoding: .utf8)
        #expect(try self.server.request("GET", url, headers: Self.user("bob")).status == 200)
        #expect(self.server.stop() == 0)
        let log = self.server.loggedText()
        #expect(log.contains("\(self.rulesFile.path):15:1: error"))
        #expect(log.contains("previous rules stay in force"))
    }

    @Test func securityRulesEndpointDeploysPerProjectAndReportsIssues() throws {
        let url = "/emulator/v1/projects/q:securityRules"
        func deploy(_ source: String, ignoreErrors: Bool = false) throws -> RawHTTPResponse {
            let content = String(decoding: try JSONSerialization.data(withJSONObject: [source], options: .fragmentsAllowed), as: UTF8.self).dropFirst().dropLast()
            return try self.server.request(
                "PUT", url, body: #"{"rules":{"files":[{"name":"firestore.rules","content":\#(content)}]}\#(ignoreErrors ? #","ignore_errors":true"# : "")}"#)
        }
        let closed = "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents {\n    match /{doc=**} { allow read: if false; }\n  }\n}\n"
        let deployed = try deploy(closed)
        #expect(deployed.status == 200)
        #expect(try deployed.json["issues"] as? [Any] != nil)
        _ = try self.server.request("PATCH", documentsURL("q", "notes/n1"), headers: Self.owner, body: #"{"fields":{"owner":{"stringValue":"alice"}}}"#)
        #expect(try self.server.request("GET", documentsURL("q", "notes/n1"), headers: Self.user("alice")).status == 403)
        // Project p still follows the --rules file.
        #expect(try self.server.request("GET", documentsURL("p", "notes/n1"), headers: Self.user("alice")).status == 200)

        let broken = try deploy("service cloud.firestore {\n  match /x { allow read: if ; }\n}\n")
        #expect(broken.status == 400)
        #expect(broken.errorStatus == "INVALID_ARGUMENT")
        #expect(broken.errorMessage.contains("firestore.rules:2:"))
        let reported = try deploy("service cloud.firestore {\n  match /x { allow read: if ; }\n}\n", ignoreErrors: true)
        #expect(reported.status == 200)
        let issue = try #require((try reported.json["issues"] as? [[String: Any]])?.first)
        #expect(issue["severity"] as? String == "ERROR")
        #expect((issue["sourcePosition"] as? [String: Any])?["line"] as? Int == 2)
    }
}

/// Rules deployed with `:securityRules` survive a restart of a server with a data directory.
@Suite struct DeployedRulesDurabilityTests {
    @Test func deployedRulesAreInForceAfterARestart() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-rules-data-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let body = #"{"rules":{"files":[{"content":"service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if false; } } }"}]}}"#
        do {
            let server = try HearthProcess(["--data", data])
            #expect(try server.request("PUT", "/emulator/v1/projects/p:securityRules", body: body).status == 200)
            #expect(try server.request("GET", documentsURL("p", "a/b")).status == 403)
            #expect(server.stop() == 0)
        }
        let restarted = try HearthProcess(["--data", data])
        #expect(try restarted.request("GET", documentsURL("p", "a/b")).status == 403)
        #expect(try restarted.request("GET", documentsURL("p", "a/b"), headers: SecurityRulesTests.owner).status == 404)
    }

    @Test func withoutRulesEverythingIsAllowedAndTheServerSaysSo() throws {
        let server = try HearthProcess(["--log-level", "notice"])
        #expect(try server.request("GET", documentsURL("p", "a/b")).status == 404)
        #expect(server.stop() == 0)
        #expect(server.loggedText().contains("No security rules loaded"))
    }
}
