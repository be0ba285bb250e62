import Foundation
import HearthAuth
import HearthJSON
import Logging

/// Loads the Auth part of an export (Hearth's or the emulator suite's: the same
/// `auth_export/` layout, see ``AuthExportWriter``) through the account store's normal write
/// path, durably: `config.json` as the emulator's `PATCH …/config`, each `accounts*.json`
/// into its scope (`accounts-<tenant>.json` into that tenant).
///
/// Semantics: a merge, as the Firestore import is. Each exported account replaces the one
/// with its local id, kept as exported (password hash, `validSince`, claims), so its users
/// sign in and their tokens stay valid. Memory: one accounts file parsed whole (JSON has no
/// streaming form for one array).
struct AuthImport {
    static let folder = "auth_export"

    let store: AccountStore
    /// The project whose files sit directly in `auth_export` (the server's default project).
    let project: String
    let logger: Logger

    /// Whether `directory` holds an Auth export.
    static func exists(in directory: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory + "/" + Self.folder, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// - Returns: the number of accounts imported.
    /// - Throws: `DataTransferError` naming the file and the cause; what was imported before stays.
    func read(from directory: String) async throws(DataTransferError) -> Int {
        let root = directory + "/" + Self.folder
        guard Self.exists(in: directory) else { return 0 }
        var imported = try await self.readProject(self.project, from: root)
        let others = (try? FileManager.default.contentsOfDirectory(atPath: root + "/projects")) ?? []
        for project in others.sorted() {
            imported += try await self.readProject(project, from: root + "/projects/" + project)
        }
        self.logger.info("Imported \(imported) Auth account(s) from \(root)")
        return imported
    }

    private func readProject(_ project: String, from folder: String) async throws(DataTransferError) -> Int {
        if let config = try Self.object(at: folder + "/config.json") {
            do throws(AuthError) {
                let written = try self.store.updateConfig(of: project) { (current: inout AuthConfig) throws(AuthError) in
                    var mask: [String] = []
                    if config["signIn"]?.objectValue?["allowDuplicateEmails"] != nil { mask.append("signIn.allowDuplicateEmails") }
                    if config["emailPrivacyConfig"]?.objectValue?["enableImprovedEmailPrivacy"] != nil {
                        mask.append("emailPrivacyConfig.enableImprovedEmailPrivacy")
                    }
                    if !mask.isEmpty { try current.apply(config, mask: mask) }
                }
                try await self.store.waitUntilDurable(written.receipt)
            } catch {
                throw DataTransferError("\(folder)/config.json: \(error.message)")
            }
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("accounts") && $0.hasSuffix(".json") }.sorted()
        var imported = 0
        for name in files {
            let path = folder + "/" + name
            let tenant = name == "accounts.json" ? nil : String(name.dropFirst("accounts-".count).dropLast(".json".count))
            guard let body = try Self.object(at: path) else { continue }
            let users = body["users"]?.arrayValue ?? []
            do throws(AuthError) {
                let scope = try AuthScope(project: project, tenant: tenant)
                var accounts: [AuthUser] = []
                for (index, entry) in users.enumerated() {
                    guard let object = entry.objectValue else { throw AuthError("users[\(index)] is not an object") }
                    var user = try AuthUser(record: object)
                    user.tenantID = tenant
                    accounts.append(user)
                }
                let written = try self.store.write(scope) { (transaction: inout AccountTransaction) throws(AuthError) in
                    for user in accounts {
                        transaction.delete(user.localID)
                        try transaction.put(user)
                    }
                }
                try await self.store.waitUntilDurable(written.receipt)
            } catch {
                throw DataTransferError("\(path): \(error.message)")
            }
            imported += users.count
        }
        return imported
    }

    /// The JSON object in `path`; nil when the file does not exist.
    private static func object(at path: String) throws(DataTransferError) -> JSONObject? {
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(path)
        } catch {
            if case .missing = error { return nil }
            throw DataTransferError("Cannot read \(path): \(error)")
        }
        guard let object = (try? JSONParser.parse(bytes))?.objectValue else {
            throw DataTransferError("\(path) is not a JSON object as the Auth emulator exports it.")
        }
        return object
    }
}
