import HearthFirestore
import HearthHTTP
import HearthJSON
import HearthRules

extension FirestoreRoutes {
    /// The emulator suite's `PUT /emulator/v1/projects/{project}:securityRules`
    /// (`{"rules":{"files":[{"name","content"}]},"ignore_errors"?}`), as firebase-tools and
    /// `@firebase/rules-unit-testing` call it: compiles the rules, keeps them durably, and puts
    /// them in force for the project from the next request. Answers `{"issues":[…]}` with every
    /// warning; rules that do not compile change nothing and are INVALID_ARGUMENT listing each
    /// error at file:line:column, or 200 with the issues when `ignore_errors` is set.
    func deployRules(_ request: Request, _ route: RouteParameters) async throws -> Response {
        _ = try self.identities.identity(of: request)
        let project = try DatabaseID(project: route["project"] ?? "").project
        let body = try WireObject(RequestBody.json(of: request), at: "request", allowing: ["rules", "ignoreErrors"])
        let files = try body.object("rules", allowing: ["files"])?.array("files") ?? []
        guard files.count == 1 else {
            throw FirestoreError.invalidArgument("rules.files must hold exactly one file (got \(files.count)); Firestore takes one rules file per project.")
        }
        let file = try WireObject(files[0], at: "rules.files[0]", allowing: ["name", "content", "fingerprint"])
        guard let source = try file.string("content") else { throw FirestoreError.invalidArgument("rules.files[0].content is required.") }
        let fileName = try file.string("name").flatMap { $0.isEmpty ? nil : $0 } ?? "firestore.rules"
        let (rules, diagnostics) = RulesInForce.compile(source, fileName: fileName, origin: "\(fileName) (deployed with :securityRules)")
        guard let rules else {
            if try body.bool("ignoreErrors") == true { return .json(Self.issues(diagnostics)) }
            throw FirestoreError.invalidArgument(
                "The rules do not compile; the previous rules stay in force:\n" + diagnostics.map(\.description).joined(separator: "\n"))
        }
        if let persistence = self.rulesPersistence {
            do {
                try await persistence.save(key: project, fileName: fileName, source: source)
            } catch {
                throw FirestoreError.unavailable("Hearth could not save the rules to its data file (\(error)); they are not in force.")
            }
        }
        self.rules.install(rules, project: project)
        return .json(Self.issues(diagnostics))
    }

    /// `{"issues":[{"sourcePosition":{…},"description","severity"}]}`.
    private static func issues(_ diagnostics: [Diagnostic]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("issues")
        writer.beginArray()
        for diagnostic in diagnostics {
            writer.beginObject()
            writer.key("sourcePosition")
            writer.beginObject()
            writer.key("fileName")
            writer.string(diagnostic.fileName)
            writer.key("fileIndex")
            writer.integer(0)
            writer.key("line")
            writer.integer(Int64(diagnostic.location.line))
            writer.key("column")
            writer.integer(Int64(diagnostic.location.column))
            writer.endObject()
            writer.key("description")
            writer.string(diagnostic.message)
            writer.key("severity")
            writer.string(diagnostic.severity == .error ? "ERROR" : "WARNING")
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
