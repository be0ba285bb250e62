import HearthAuth
import HearthJSON
import HearthStorage

/// Writes the Auth emulator's part of an export in the emulator suite's layout
/// (`hubExport.ts` `exportAuth`), so `firebase emulators:start --import` reads it and Hearth
/// reads the suite's: `auth_export/accounts.json` (the project's accounts, the
/// `accounts:batchGet` answer `{"kind":…,"users":[…]}`), `accounts-<tenant>.json` per
/// tenant, and `config.json` (the `/emulator/v1/projects/{p}/config` answer). Accounts of
/// projects other than the export's own go to `auth_export/projects/<project>/` (the suite
/// exports one project only; Hearth serves several).
///
/// Streams: records arrive in storage order (each scope's accounts contiguous), one file is
/// open at a time, and a stored account is copied byte for byte (it is already `UserInfo`
/// JSON). Nothing is written when there is no Auth data.
final class AuthExportWriter {
    let directory: String
    let project: String
    private var current: (namespace: String, file: ExportFile, first: Bool)?
    private var configs: [String: [UInt8]] = [:]
    private(set) var accounts = 0
    /// Every folder created, innermost last.
    private var folders: [String] = []

    /// - Parameters:
    ///   - directory: the export being written (its root).
    ///   - project: the export's own project, whose files sit directly in `auth_export`.
    init(directory: String, project: String) {
        self.directory = directory
        self.project = project
    }

    /// Takes one stored Auth record (`AuthStorageJournal`'s layout); others are ignored.
    func append(_ record: StorageRecord) throws {
        if record.namespace == AuthStorageJournal.configNamespace {
            self.configs[record.key] = record.value
            return
        }
        guard record.namespace.hasPrefix(AuthStorageJournal.usersPrefix) else { return }
        if self.current?.namespace != record.namespace {
            try self.finishCurrent()
            let path = record.namespace.dropFirst(AuthStorageJournal.usersPrefix.count)
            let parts = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let tenant = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
            let file = try ExportFile(path: try self.accountsPath(project: String(parts[0]), tenant: tenant))
            try file.append(Array(#"{"kind":"identitytoolkit#DownloadAccountResponse","users":["#.utf8))
            self.current = (record.namespace, file, true)
        }
        guard let current = self.current else { return }
        try current.file.append((current.first ? [0x0A] : Array(",\n".utf8)) + record.value)
        self.current?.first = false
        self.accounts += 1
    }

    /// The accounts and configs of an in-memory server.
    func write(_ store: AccountStore) throws {
        for scope in store.scopes.sorted(by: { ($0.project, $0.tenant ?? "") < ($1.project, $1.tenant ?? "") }) {
            let users = try store.read(scope) { $0.page(after: nil, limit: nil) }
            for user in users {
                try self.append(StorageRecord(
                    namespace: AuthStorageJournal.usersNamespace(scope), key: user.localID, value: JSONValue.object(user.record).serialized()))
            }
        }
        for project in store.configuredProjects {
            self.configs[project] = JSONValue.object(store.config(of: project).record).serialized()
        }
    }

    /// Closes the last accounts file and writes each project's `config.json` (the export's own
    /// project always has one once there is any Auth data).
    func finish() throws {
        try self.finishCurrent()
        guard self.accounts > 0 || !self.configs.isEmpty else { return }
        if self.configs[self.project] == nil { self.configs[self.project] = JSONValue.object(AuthConfig().record).serialized() }
        for (project, bytes) in self.configs {
            let config = (try? JSONParser.parse(bytes).objectValue).flatMap { try? AuthConfig(record: $0) } ?? AuthConfig()
            let file = try ExportFile(path: try self.folder(project) + "/config.json")
            try file.append(JSONValue.object(config.emulatorRecord).serialized() + [0x0A])
            try file.finish()
        }
        // The files are fsynced; their directory entries must be too before the export is swapped in.
        for folder in self.folders { try ExportFile.syncDirectory(folder) }
    }

    private func finishCurrent() throws {
        guard let current = self.current else { return }
        try current.file.append(Array("\n]}\n".utf8))
        try current.file.finish()
        self.current = nil
    }

    private func accountsPath(project: String, tenant: String?) throws -> String {
        try self.folder(project) + "/" + (tenant.map { "accounts-\($0).json" } ?? "accounts.json")
    }

    /// `auth_export`, or `auth_export/projects/<project>` for another project; created.
    private func folder(_ project: String) throws -> String {
        var path = self.directory + "/" + AuthImport.folder
        var created = [path]
        if project != self.project {
            path += "/projects"
            created.append(path)
            path += "/" + project
            created.append(path)
        }
        for folder in created where !self.folders.contains(folder) {
            try ExportDirectory.createDirectory(folder)
            self.folders.append(folder)
        }
        return path
    }
}
