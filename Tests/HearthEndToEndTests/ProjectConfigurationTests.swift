import Foundation
import HearthTesting
import Testing

/// `hearth serve` in a Firebase project folder picks up `firebase.json` and `.firebaserc`.
@Suite struct ProjectConfigurationTests {
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("e2e") }

    private func write(_ name: String, _ text: String) throws {
        try text.write(toFile: self.temporary.path + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func firebaseJSONRulesAndTheDefaultProjectApply() throws {
        try self.write("firebase.json", #"{"firestore":{"rules":"firestore.rules"},"database":{"rules":"database.rules.json"},"emulators":{"firestore":{"port":0},"database":{"port":0}}}"#)
        try self.write(".firebaserc", #"{"projects":{"default":"ios-app"}}"#)
        try self.write("firestore.rules", "rules_version = '2';\nservice cloud.firestore { match /databases/{d}/documents { match /{doc=**} { allow read: if true; } } }\n")
        try self.write("database.rules.json", #"{"rules":{".read":true}}"#)
        let server = try HearthProcess(["--config", self.temporary.path])

        #expect(try server.request("GET", documentsURL("ios-app", "a/b")).status == 404)
        #expect(try server.request("PATCH", documentsURL("ios-app", "a/b"), body: "{}").status == 403)
        try DatabaseStep("GET", "/x.json", 200, "null").run(on: server)
        try DatabaseStep("PUT", "/x.json", "1", 401).run(on: server)
        try DatabaseStep("PUT", "/x.json", "1", headers: [("Authorization", "Bearer owner")], 200).run(on: server)
        try DatabaseStep("GET", "/x.json?ns=ios-app-default-rtdb", 200, "1").run(on: server)
    }

    @Test func aBrokenFirebaseJSONStopsTheStartWithItsName() throws {
        try self.write("firebase.json", "{ oops")
        #expect(throws: HearthProcessError.self) { try HearthProcess(["--config", self.temporary.path]) }
    }
}
