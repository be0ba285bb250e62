import Foundation
import HearthTesting
import Testing

/// The token `@firebase/rules-unit-testing` and `hearth token` mint (`iat: 0, exp: 3600`, an
/// hour after the epoch) is accepted by both products, as the emulator suite accepts it, and
/// rules see its user; a token with a real past expiry is still refused by the Realtime
/// Database (`DatabaseRulesTests.expiredTokensAreRefused`).
@Suite struct MockTokenTests {
    static let firestoreRules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /users/{uid} { allow read: if request.auth != null && request.auth.uid == uid; }
          }
        }
        """
    static let databaseRules = #"{"rules":{"users":{"$uid":{".read":"auth != null && auth.uid == $uid"}}}}"#

    @Test func bothProductsAcceptTheMockTokenAndSeeItsUser() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-mock-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let firestoreFile = directory.appendingPathComponent("firestore.rules")
        let databaseFile = directory.appendingPathComponent("database.rules.json")
        try Self.firestoreRules.write(to: firestoreFile, atomically: true, encoding: .utf8)
        try Self.databaseRules.write(to: databaseFile, atomically: true, encoding: .utf8)
        let server = try HearthProcess(["--rules", firestoreFile.path, "--database-rules", databaseFile.path])
        defer { _ = server.stop() }

        let mock = TestToken.idToken("alice", extraClaims: #""iat":0,"exp":3600,"auth_time":0"#)
        let bearer = [("Authorization", "Bearer " + mock)]
        // Firestore: allowed as alice (the document does not exist), denied as nobody.
        #expect(try server.request("GET", documentsURL("demo-mock", "users/alice"), headers: bearer).status == 404)
        #expect(try server.request("GET", documentsURL("demo-mock", "users/bob"), headers: bearer).status == 403)
        // The Realtime Database: the same, by `?auth=` and by `Authorization: Bearer`.
        let byQuery = try server.databaseRequest("GET", "/users/alice.json?auth=\(mock)")
        #expect(byQuery.status == 200, "\(byQuery.bodyText)")
        #expect(byQuery.bodyText == "null")
        #expect(try server.databaseRequest("GET", "/users/alice.json", headers: bearer).status == 200)
        #expect(try server.databaseRequest("GET", "/users/bob.json?auth=\(mock)").status == 401)
    }
}
