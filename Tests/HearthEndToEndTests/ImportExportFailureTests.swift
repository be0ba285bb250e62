import Foundation
import HearthTesting
import Testing

/// Exports that cannot be written and imports of bad input: a clear error naming the path (and
/// for a bad line, file:line), exit status 1, and nothing damaged.
@Suite struct ImportExportFailureTests {
    let temporary: DurabilityTests.TemporaryDirectory
    init() throws { self.temporary = try DurabilityTests.TemporaryDirectory() }

    private func path(_ name: String) -> String { self.temporary.path + "/" + name }

    private func write(_ text: String, to name: String) throws {
        let url = URL(fileURLWithPath: self.path(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// A data directory with one document, written by a real server.
    private func dataDirectory() throws -> String {
        let server = try HearthProcess(["--data", self.path("data")])
        #expect(try server.request("PATCH", documentsURL("bad", "c/d"), body: #"{"fields":{"v":{"integerValue":"1"}}}"#).status == 200)
        #expect(server.stop() == 0)
        return self.path("data")
    }

    @Test func anExportThatCannotBeWrittenLeavesThePreviousOneIntact() throws {
        let data = try self.dataDirectory()
        #expect(try CommandLineTests.hearth(["export", self.path("export"), "--data", data]).status == 0)
        let before = try String(contentsOfFile: self.path("export/firestore/bad/(default).jsonl"), encoding: .utf8)

        // Missing parents are created, as `firebase emulators:export` does.
        let nested = try CommandLineTests.hearth(["export", self.path("new/nested/export"), "--data", data])
        #expect(nested.status == 0, "\(nested.stderr)")
        #expect(FileManager.default.fileExists(atPath: self.path("new/nested/export/hearth-export.json")))

        // A parent that is a file: nothing can be created.
        try self.write("a file, not a folder", to: "blocker")
        let orphan = try CommandLineTests.hearth(["export", self.path("blocker/export"), "--data", data])
        #expect(orphan.status == 1)
        #expect(orphan.stderr.contains(self.path("blocker")) && orphan.stderr.contains("Not a directory"), "\(orphan.stderr)")

        // The target is a file: refused before anything is written, and the file is untouched.
        try self.write("not an export", to: "file")
        let file = try CommandLineTests.hearth(["export", self.path("file"), "--data", data])
        #expect(file.status == 1)
        #expect(file.stderr.contains("\(self.path("file")): it exists and is not a directory"), "\(file.stderr)")
        #expect(try String(contentsOfFile: self.path("file"), encoding: .utf8) == "not an export")

        // No data directory: refused before anything is written; the previous export is intact.
        let nothing = try CommandLineTests.hearth(["export", self.path("export"), "--data", self.path("nowhere")])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no Hearth data at \(self.path("nowhere"))/hearth.sqlite"), "\(nothing.stderr)")
        #expect(try String(contentsOfFile: self.path("export/firestore/bad/(default).jsonl"), encoding: .utf8) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: self.temporary.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func theHTTPEndpointRejectsBadDirectoriesInGooglesShape() throws {
        let server = try HearthProcess()
        let relative = try server.request("POST", "/emulator/v1/projects/p:export", headers: HearthProcess.json, body: #"{"export_directory":"relative/dir"}"#)
        #expect(relative.status == 400)
        #expect(relative.errorStatus == "INVALID_ARGUMENT")
        let missing = try server.request("POST", "/emulator/v1/projects/p:export", headers: HearthProcess.json, body: "{}")
        #expect(missing.status == 400)
        try self.write("a file, not a folder", to: "http-blocker")
        let unwritable = try server.request(
            "POST", "/emulator/v1/projects/p:export", headers: HearthProcess.json, body: #"{"export_directory":"\#(self.path("http-blocker"))"}"#)
        #expect(unwritable.status == 503)
        #expect(unwritable.errorStatus == "UNAVAILABLE")
        #expect(unwritable.errorMessage.contains(self.path("http-blocker/firestore_export")), "\(unwritable.errorMessage)")
        // A directory that does not exist yet is created (the README's example).
        let created = try server.request(
            "POST", "/emulator/v1/projects/p:export", headers: HearthProcess.json, body: #"{"export_directory":"\#(self.path("fresh/exports"))"}"#)
        #expect(created.status == 200, "\(created.bodyText)")
        #expect(FileManager.default.fileExists(atPath: self.path("fresh/exports/firestore_export/hearth-export.json")))
    }

    @Test func importRejectsADirectoryThatIsNotAnExport() throws {
        try FileManager.default.createDirectory(atPath: self.path("empty"), withIntermediateDirectories: true)
        let run = try CommandLineTests.hearth(["import", self.path("empty"), "--data", self.path("data")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(self.path("empty")) is not a Hearth export"), "\(run.stderr)")

        try self.write(#"{"format":"hearth-export","version":99,"firestore":[]}"#, to: "future/hearth-export.json")
        let future = try CommandLineTests.hearth(["import", self.path("future"), "--data", self.path("data")])
        #expect(future.status == 1)
        #expect(future.stderr.contains("export format version 99"), "\(future.stderr)")
    }

    @Test func aMalformedLineIsReportedWithItsFileAndLineAndNothingAfterItIsApplied() throws {
        try self.write(
            #"{"format":"hearth-export","version":1,"firestore":[{"project":"p","database":"(default)","documents":4,"file":"firestore/p/(default).jsonl"}]}"#,
            to: "export/hearth-export.json")
        let good = { (id: String) in #"{"name":"projects/p/databases/(default)/documents/c/\#(id)","fields":{"v":{"stringValue":"\#(id)"}}}"# }
        try self.write([good("a"), good("b"), #"{"name": "projects/p/databases/(default)/documents/c/x", "fields": "#, good("z")].joined(separator: "\n"), to: "export/firestore/p/(default).jsonl")
        let run = try CommandLineTests.hearth(["import", self.path("export"), "--data", self.path("data")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(self.path("export/firestore/p/(default).jsonl")):3:"), "\(run.stderr)")

        let server = try HearthProcess(["--data", self.path("data")])
        #expect(try server.request("GET", documentsURL("p", "c/z")).status == 404)

        try self.write(good("a") + "\n" + #"{"name":"projects/other/databases/(default)/documents/c/d"}"#, to: "export/firestore/p/(default).jsonl")
        #expect(server.stop() == 0)
        let wrongDatabase = try CommandLineTests.hearth(["import", self.path("export"), "--data", self.path("data")])
        #expect(wrongDatabase.status == 1)
        #expect(wrongDatabase.stderr.contains("(default).jsonl:2: \"projects/other/databases/(default)/documents/c/d\" is not in projects/p/databases/(default)"), "\(wrongDatabase.stderr)")
    }
}
