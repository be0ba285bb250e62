import HearthJSON

/// The UI's `GET /api/config`: what the Overview shows and where the other views send their
/// requests. Read at request time, so ports picked at start (0) and rules files that stopped
/// compiling since are current.
///
/// `{"project","defaultNamespace","dataDirectory","emulators":{name:{"name","host","port"}},
/// "env":["export FIRESTORE_EMULATOR_HOST=…"],"rules":{"firestore":{"file","problem",
/// "deployed":[{"project","origin"}]},"database":{"files":[{"namespace","file","problem"}],
/// "deployed":[{"namespace","origin"}]}}}`; a `problem` is nil when the file as it is now is in
/// force, else its diagnostics.
struct UIConfiguration: Sendable {
    let project: String
    let defaultNamespace: String
    let dataDirectory: String?
    let hub: EmulatorHub
    let firestoreRules: FirestoreRulesRegistry
    let databaseRules: DatabaseRulesRegistry

    /// The variable each product's clients read, by the hub's product name (the Auth
    /// emulator's included, for when it runs).
    static let environmentVariables = [
        "firestore": "FIRESTORE_EMULATOR_HOST", "database": "FIREBASE_DATABASE_EMULATOR_HOST", "auth": "FIREBASE_AUTH_EMULATOR_HOST",
    ]

    func json() -> [UInt8] {
        let endpoints = self.hub.endpoints
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.key("project")
        writer.string(self.project)
        writer.key("defaultNamespace")
        writer.string(self.defaultNamespace)
        writer.key("dataDirectory")
        if let directory = self.dataDirectory { writer.string(directory) } else { writer.null() }
        writer.key("emulators")
        writer.beginObject()
        for endpoint in endpoints {
            writer.key(endpoint.service.rawValue)
            writer.beginObject()
            writer.key("name")
            writer.string(endpoint.service.rawValue)
            writer.key("host")
            writer.string(endpoint.host)
            writer.key("port")
            writer.integer(Int64(endpoint.port))
            writer.endObject()
        }
        writer.endObject()
        writer.key("env")
        writer.beginArray()
        for endpoint in endpoints {
            guard let variable = Self.environmentVariables[endpoint.service.rawValue] else { continue }
            writer.string("export \(variable)=\(endpoint.hostAndPort)")
        }
        writer.endArray()
        writer.key("rules")
        writer.beginObject()
        self.writeFirestoreRules(to: &writer)
        self.writeDatabaseRules(to: &writer)
        writer.endObject()
        writer.endObject()
        return writer.takeBytes()
    }

    private func writeFirestoreRules(to writer: inout JSONWriter) {
        let status = self.firestoreRules.status()
        writer.key("firestore")
        writer.beginObject()
        writer.key("file")
        if let file = status.file { writer.string(file.path) } else { writer.null() }
        writer.key("problem")
        if let problem = status.file?.problem { writer.string(problem) } else { writer.null() }
        writer.key("deployed")
        writer.beginArray()
        for (project, origin) in status.deployed {
            Self.pair(("project", project), ("origin", origin), to: &writer)
        }
        writer.endArray()
        writer.endObject()
    }

    private func writeDatabaseRules(to writer: inout JSONWriter) {
        let status = self.databaseRules.status()
        writer.key("database")
        writer.beginObject()
        writer.key("files")
        writer.beginArray()
        for file in status.files {
            writer.beginObject()
            writer.key("namespace")
            if file.namespace.isEmpty { writer.null() } else { writer.string(file.namespace) }
            writer.key("file")
            writer.string(file.path)
            writer.key("problem")
            if let problem = file.problem { writer.string(problem) } else { writer.null() }
            writer.endObject()
        }
        writer.endArray()
        writer.key("deployed")
        writer.beginArray()
        for (namespace, origin) in status.deployed {
            Self.pair(("namespace", namespace), ("origin", origin), to: &writer)
        }
        writer.endArray()
        writer.endObject()
    }

    private static func pair(_ first: (String, String), _ second: (String, String), to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(first.0)
        writer.string(first.1)
        writer.key(second.0)
        writer.string(second.1)
        writer.endObject()
    }
}
