import HearthFirestore
import HearthHTTP
import HearthJSON

extension FirestoreRoutes {
    /// The emulator suite's `POST /emulator/v1/projects/{project}:export`: writes a Hearth export
    /// of the project's databases (or of the one in `database`) to
    /// `export_directory/export_name` (default name `firestore_export`) and answers `{}`.
    ///
    /// The directory must be absolute (a relative path would depend on where the server was
    /// started). A destination no directory can be created at (a file in the way, no permission)
    /// is INVALID_ARGUMENT; other writing failures are UNAVAILABLE with the path and cause; the previous export
    /// there is then untouched. A destination that exists and is neither empty nor an earlier
    /// export is FAILED_PRECONDITION naming it, and is left alone (`ExportDirectory`).
    func exportProject(_ request: Request, _ route: RouteParameters) async throws -> Response {
        _ = try self.identities.identity(of: request)
        let project = try DatabaseID(project: route["project"] ?? "").project
        let body = try WireObject(
            RequestBody.json(of: request), at: "request", allowing: ["database", "exportDirectory", "exportName"])
        let only = try body.string("database").map { text throws(FirestoreError) in try DatabaseID(parsing: text) }
        if let only, only.project != project {
            throw FirestoreError.invalidArgument("database \"\(only)\" is not in project \"\(project)\" named in the URL.")
        }
        guard let directory = try body.string("exportDirectory"), directory.hasPrefix("/") else {
            throw FirestoreError.invalidArgument("export_directory must be an absolute path on the machine running Hearth, such as \"/tmp/exports\".")
        }
        let name = try body.string("exportName") ?? "firestore_export"
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
            throw FirestoreError.invalidArgument("export_name must be a single directory name (got \"\(name)\").")
        }
        let destination = (directory.hasSuffix("/") ? directory : directory + "/") + name
        do {
            _ = try await self.export.writeInBackground(to: destination) { database in
                database.project == project && (only == nil || only == database)
            }
        } catch let refusal as ExportDestinationRefusal {
            switch refusal.reason {
            case .notAnExport: throw FirestoreError.failedPrecondition(refusal.message)
            case .unusablePath: throw FirestoreError.invalidArgument(refusal.message)
            }
        } catch {
            throw FirestoreError.unavailable("Could not export to \(destination): \(error)")
        }
        return .json(Array("{}".utf8))
    }
}
