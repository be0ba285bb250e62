import Testing

@testable import HearthServer

/// `firebase.json`, `.firebaserc` and the environment, as firebase-tools reads them.
@Suite struct FirebaseProjectSettingsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var firebaseJSON: String?
        var firebaserc: String?
        var environment: [String: String] = [:]
        var check: @Sendable (FirebaseProjectSettings) -> Bool
        var testDescription: String { self.name }
    }

    static let cases: [Case] = [
        Case(name: "nothing", check: { $0 == FirebaseProjectSettings() }),
        Case(name: ".firebaserc default project", firebaserc: #"{"projects":{"default":"my-app"}}"#, check: { $0.project == "my-app" }),
        Case(
            name: "GCLOUD_PROJECT beats .firebaserc", firebaserc: #"{"projects":{"default":"my-app"}}"#,
            environment: ["GCLOUD_PROJECT": "from-env"], check: { $0.project == "from-env" && $0.sources == ["GCLOUD_PROJECT"] }),
        Case(name: "GOOGLE_CLOUD_PROJECT", environment: ["GOOGLE_CLOUD_PROJECT": "g"], check: { $0.project == "g" }),
        Case(
            name: "emulator ports and hosts",
            firebaseJSON: #"{"emulators":{"firestore":{"host":"0.0.0.0","port":8181},"database":{"port":"9191"}}}"#,
            check: { $0.firestore == .init(host: "0.0.0.0", port: 8181) && $0.database == .init(host: nil, port: 9191) }),
        Case(
            name: "the web UI's port and switch",
            firebaseJSON: #"{"emulators":{"ui":{"enabled":false,"port":4123}}}"#,
            check: { $0.ui == .init(host: nil, port: 4123) && $0.uiEnabled == false }),
        Case(name: "the web UI unsaid", firebaseJSON: #"{"emulators":{}}"#, check: { $0.ui == .init() && $0.uiEnabled == nil }),
        Case(
            name: "rules files relative to the folder",
            firebaseJSON: #"{"firestore":{"rules":"firestore.rules","indexes":"x.json"},"database":{"rules":"db.json"}}"#,
            check: { $0.firestoreRules == "/p/firestore.rules" && $0.databaseRules == ["": "/p/db.json"] }),
        Case(
            name: "multi-database arrays",
            firebaseJSON: #"{"firestore":[{"database":"other","rules":"o.rules"},{"database":"(default)","rules":"d.rules"}],"database":[{"instance":"a-ns","rules":"a.json"},{"target":"main","rules":"/abs/m.json"}]}"#,
            firebaserc: #"{"projects":{"default":"app"},"targets":{"app":{"database":{"main":["app-default-rtdb","app-2"]}}}}"#,
            check: {
                $0.firestoreRules == "/p/d.rules"
                    && $0.databaseRules == ["a-ns": "/p/a.json", "app-default-rtdb": "/abs/m.json", "app-2": "/abs/m.json"]
            }),
    ]

    @Test(arguments: Self.cases)
    func settings(_ example: Case) throws {
        let settings = try FirebaseProjectSettings.parse(
            firebaseJSON: example.firebaseJSON.map { Array($0.utf8) }, firebaserc: example.firebaserc.map { Array($0.utf8) },
            environment: example.environment, directory: "/p")
        #expect(example.check(settings), "\(settings)")
    }

    @Test(arguments: [
        (#"{"emulators":{"firestore":{"port":"x"}}}"#, "emulators.firestore.port"),
        (#"[1]"#, "must hold a JSON object"),
        (#"{nope"#, "not valid JSON"),
        (#"{"database":[{"rules":"r.json"}]}"#, "instance"),
    ])
    func badFilesAreRefusedWithTheirReason(_ json: String, _ mention: String) {
        #expect {
            _ = try FirebaseProjectSettings.parse(firebaseJSON: Array(json.utf8), firebaserc: nil, environment: [:], directory: "/p")
        } throws: { error in
            (error as? ProjectConfigurationError)?.message.contains(mention) == true
        }
    }
}
