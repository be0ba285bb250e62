#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an export beside its destination and swaps it in only when complete, so a failed
/// export leaves any previous one intact.
///
/// Steps: create `DIR.tmp-<pid>-<random>`, let the caller fill and fsync it, then rename an
/// existing `DIR` aside to `DIR.old-<pid>-<random>`, rename the temporary into `DIR`, fsync the
/// parent and delete the old one. The random part keeps two concurrent exports to the same `DIR`
/// (two POSTs) from sharing a temporary: each is written whole and the last one wins. Between
/// the two renames `DIR` briefly does not exist; a crash exactly there leaves the previous
/// export whole in `DIR.old-…`. On any failure the temporary is removed and `DIR` is untouched.
///
/// Only an earlier export is ever replaced: an existing `DIR` must be empty or hold an export's
/// marker (``exportMarkers``), checked before anything is written and again just before the
/// swap, or the export is refused with ``ExportDestinationRefusal``. Exports are often aimed at
/// folders by hand or by scripts, and replacing means deleting whatever was there.
struct ExportDirectory {
    /// Files whose presence makes a directory an export that may be replaced: Hearth's manifest,
    /// the emulator suite's `firebase-export-metadata.json` (`firebase emulators:export DIR`)
    /// and the Firestore emulator's `<name>.overall_export_metadata` (its `:export` folder).
    static let exportMarkers = [ExportManifest.fileName, "firebase-export-metadata.json"]
    static let exportMarkerSuffix = ".overall_export_metadata"

    let destination: String
    let temporary: String
    private let aside: String
    private let parent: String

    init(destination: String) {
        var destination = destination
        while destination.count > 1 && destination.hasSuffix("/") { destination.removeLast() }
        self.destination = destination
        let suffix = "\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16))"
        self.temporary = "\(destination).tmp-\(suffix)"
        self.aside = "\(destination).old-\(suffix)"
        if let slash = destination.lastIndex(of: "/") {
            self.parent = slash == destination.startIndex ? "/" : String(destination[..<slash])
        } else {
            self.parent = "."
        }
    }

    /// Runs `fill` on a fresh temporary directory, then moves it into place.
    /// - Throws: `DataTransferError` naming the path and cause; the temporary is then removed.
    func write<Result>(_ fill: (String) throws -> Result) throws -> Result {
        try self.requireReplaceable()
        Self.removeTree(self.temporary)
        try self.createTemporary()
        do {
            let result = try fill(self.temporary)
            try ExportFile.syncDirectory(self.temporary)
            try self.replaceDestination()
            return result
        } catch {
            Self.removeTree(self.temporary)
            throw error
        }
    }

    /// Creates the temporary and the directories above it. Where the path itself is the problem
    /// (the errors below) the caller chose a destination that cannot be; other failures (a full
    /// or failing disk) stay `DataTransferError`.
    private func createTemporary() throws {
        do {
            try Self.createParents(of: self.temporary)
            guard mkdir(self.temporary, 0o755) == 0 else { throw ExportFile.failure("create the export directory", self.temporary) }
        } catch let failure as DataTransferError {
            guard let code = failure.code, [EACCES, EPERM, ENOTDIR, EEXIST, EROFS, ENAMETOOLONG, ELOOP].contains(code) else { throw failure }
            throw ExportDestinationRefusal(
                path: self.destination, message: failure.message + " Choose an export_directory Hearth can create and write to.", reason: .unusablePath)
        }
    }

    /// Refuses a destination that exists and is not an empty directory or an earlier export.
    /// A destination that cannot be examined (a parent that is a file, no permission) passes:
    /// writing there fails next with the system's reason.
    /// - Throws: ``ExportDestinationRefusal`` naming the destination and why.
    func requireReplaceable() throws(ExportDestinationRefusal) {
        var info = stat()
        guard lstat(self.destination, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ExportDestinationRefusal(
                path: self.destination,
                message: "Could not write the export to \(self.destination): it exists and is not a directory. "
                    + "Hearth only replaces an earlier export; choose another destination.")
        }
        guard let directory = opendir(self.destination) else { return }
        defer { closedir(directory) }
        var isEmpty = true
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            if Self.exportMarkers.contains(name) || name.hasSuffix(Self.exportMarkerSuffix) { return }
            isEmpty = false
        }
        guard isEmpty else {
            throw ExportDestinationRefusal(
                path: self.destination,
                message: "Hearth will not export to \(self.destination): that directory exists, is not empty and is not "
                    + "an export (it has no \(ExportManifest.fileName), firebase-export-metadata.json or "
                    + "*\(Self.exportMarkerSuffix)), and writing the export there would delete what it holds. "
                    + "Choose a new directory or an earlier export, or empty that one yourself.")
        }
    }

    private func replaceDestination() throws {
        var info = stat()
        let exists = lstat(self.destination, &info) == 0
        if exists {
            // Checked again: the directory may have been filled while the export was written.
            try self.requireReplaceable()
            Self.removeTree(self.aside)
            guard rename(self.destination, self.aside) == 0 else {
                throw ExportFile.failure("move the previous export aside: rename \(self.destination) to", self.aside)
            }
        }
        guard rename(self.temporary, self.destination) == 0 else {
            let failure = ExportFile.failure("rename \(self.temporary) to", self.destination)
            if exists { _ = rename(self.aside, self.destination) }
            throw failure
        }
        try? ExportFile.syncDirectory(self.parent)
        if exists { Self.removeTree(self.aside) }
    }

    /// Creates the missing directories above `path` (`mkdir -p` of its parent), as
    /// `firebase emulators:export` does for its target: exporting to a new folder just works.
    static func createParents(of path: String) throws(DataTransferError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/").dropLast() {
            prefix += "/" + component
            try Self.createDirectory(prefix)
        }
    }

    /// Creates `path` if missing (not its parents).
    static func createDirectory(_ path: String) throws(DataTransferError) {
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw ExportFile.failure("create the directory", path) }
    }

    /// `rm -rf path`, best effort (a missing path is fine).
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR, let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                Self.removeTree(path + "/" + name)
            }
            closedir(directory)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
