import HearthJSON

/// What a Firebase project folder says about how to serve it, so `hearth serve` in an iOS
/// project with Firebase config needs no flags: `firebase.json` (emulator hosts and ports,
/// rules files), `.firebaserc` (the default project, deploy targets) and the environment
/// (`GCLOUD_PROJECT`, `GOOGLE_CLOUD_PROJECT`). Command-line flags override all of it.
///
/// Mirrors firebase-tools: `emulators.firestore` / `emulators.database` / `emulators.auth` `{host, port}`;
/// `firestore.rules` (or the array form, one entry per database); `database.rules` (or the
/// array form, one entry per `instance`, or per deploy `target` resolved through
/// `.firebaserc`'s `targets`). Paths are relative to the folder. Hearth applies Firestore rules
/// per project, so from the array form it takes the `(default)` database's file.
public struct FirebaseProjectSettings: Sendable, Equatable {
    public struct Endpoint: Sendable, Equatable {
        public var host: String?
        public var port: Int?
    }

    public var project: String?
    public var firestore = Endpoint()
    public var database = Endpoint()
    public var auth = Endpoint()
    /// `emulators.ui`: its port (its host is ignored: the UI is loopback only).
    public var ui = Endpoint()
    /// `emulators.ui.enabled`; nil when not said (the UI runs).
    public var uiEnabled: Bool?
    public var firestoreRules: String?
    /// Namespace → rules file; `""` is the file for every namespace.
    public var databaseRules: [String: String] = [:]
    /// Where each value came from, for the start-up log ("firebase.json", "GCLOUD_PROJECT"…).
    public var sources: [String] = []

    public init() {}

    /// Reads `firebase.json` and `.firebaserc` in `directory` (either may be missing) and the
    /// environment.
    /// - Throws: `ProjectConfigurationError` naming the file and what is wrong with it.
    public static func load(directory: String, environment: [String: String]) throws(ProjectConfigurationError) -> Self {
        try Self.parse(
            firebaseJSON: try ProjectFile.read(directory + "/firebase.json"),
            firebaserc: try ProjectFile.read(directory + "/.firebaserc"),
            environment: environment, directory: directory)
    }

    /// The parsing behind ``load(directory:environment:)``, for tests.
    static func parse(
        firebaseJSON: [UInt8]?, firebaserc: [UInt8]?, environment: [String: String], directory: String
    ) throws(ProjectConfigurationError) -> Self {
        var settings = Self()
        let rc = try firebaserc.map { bytes throws(ProjectConfigurationError) in try ProjectFile.object(bytes, ".firebaserc") }
        if let project = environment["GCLOUD_PROJECT"] ?? environment["GOOGLE_CLOUD_PROJECT"], !project.isEmpty {
            settings.project = project
            settings.sources.append(environment["GCLOUD_PROJECT"] != nil ? "GCLOUD_PROJECT" : "GOOGLE_CLOUD_PROJECT")
        } else if let project = rc?["projects"]?.objectValue?["default"]?.stringValue {
            settings.project = project
            settings.sources.append(".firebaserc")
        }
        guard let firebaseJSON else { return settings }
        let config = try ProjectFile.object(firebaseJSON, "firebase.json")
        settings.sources.append("firebase.json")
        let emulators = config["emulators"]?.objectValue
        settings.firestore = try Self.endpoint(emulators?["firestore"], "emulators.firestore")
        settings.database = try Self.endpoint(emulators?["database"], "emulators.database")
        settings.auth = try Self.endpoint(emulators?["auth"], "emulators.auth")
        settings.ui = try Self.endpoint(emulators?["ui"], "emulators.ui")
        if case .bool(let enabled)? = emulators?["ui"]?.objectValue?["enabled"] { settings.uiEnabled = enabled }
        func resolve(_ path: String) -> String { path.hasPrefix("/") ? path : directory + "/" + path }
        switch config["firestore"] {
        case .object(let firestore)?:
            settings.firestoreRules = firestore["rules"]?.stringValue.map(resolve)
        case .array(let entries)?:
            let chosen = entries.first { $0.objectValue?["database"]?.stringValue == "(default)" } ?? entries.first
            settings.firestoreRules = chosen?.objectValue?["rules"]?.stringValue.map(resolve)
        default:
            break
        }
        switch config["database"] {
        case .object(let database)?:
            if let rules = database["rules"]?.stringValue { settings.databaseRules[""] = resolve(rules) }
        case .array(let entries)?:
            for (index, entry) in entries.enumerated() {
                guard let object = entry.objectValue, let rules = object["rules"]?.stringValue else {
                    throw ProjectConfigurationError("firebase.json: database[\(index)] needs \"rules\" and an \"instance\" or \"target\".")
                }
                for namespace in try Self.instances(of: object, index: index, settings.project, rc) {
                    settings.databaseRules[namespace] = resolve(rules)
                }
            }
        default:
            break
        }
        return settings
    }

    /// `{host, port}` of one emulator.
    private static func endpoint(_ json: JSONValue?, _ name: String) throws(ProjectConfigurationError) -> Endpoint {
        guard let object = json?.objectValue else { return Endpoint() }
        var endpoint = Endpoint(host: object["host"]?.stringValue)
        if let port = object["port"] {
            let number = port.numberValue.flatMap { Int($0.text) } ?? port.stringValue.flatMap { Int($0) }
            guard let number, (0...65_535).contains(number) else {
                throw ProjectConfigurationError("firebase.json: \(name).port must be a port number (got \(port.serializedString())).")
            }
            endpoint.port = number
        }
        return endpoint
    }

    /// The namespaces one entry of the `database` array names: its `instance`, or its deploy
    /// `target`'s instances from `.firebaserc` (`targets.<project>.database.<target>`), else the
    /// target's own name.
    private static func instances(
        of entry: JSONObject, index: Int, _ project: String?, _ rc: JSONObject?
    ) throws(ProjectConfigurationError) -> [String] {
        if let instance = entry["instance"]?.stringValue { return [instance] }
        guard let target = entry["target"]?.stringValue else {
            throw ProjectConfigurationError("firebase.json: database[\(index)] needs an \"instance\" or a \"target\".")
        }
        let targets = project.flatMap { rc?["targets"]?.objectValue?[$0]?.objectValue?["database"]?.objectValue?[target]?.arrayValue }
        return targets?.compactMap(\.stringValue) ?? [target]
    }
}
