import Foundation
import HearthTesting
import Testing

/// Exports that cannot be written and imports of bad input: a clear error naming the path (and
/// for a bad line, file:line), exit status 1, and nothing damaged.
@Suite struct ImportExportFailureTests {
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("e2e") }

    /// A data directory with one document, written by a real server.
    private func dataDirectory() throws -> String {
        let server = try HearthProcess(["--data", self.temporary.path("data")])
        #expect(try server.request("PATCH", documentsURL("bad", "c/d"), body: #"{"fields":{"v":{"integerValue":"1"}}}"#).status == 200)
        #expect(server.stop() == 0)
        return self.temporary.path("data")
    }

    @Test func anExportThatCannotBeWrittenLeavesThePreviousOneIntact() throws {
        let data = try self.dataDirectory()
        #expect(try CommandLineTests.hearth(["export", self.temporary.path("export"), "--data", data]).status == 0)
        let before = try String(contentsOfFile: self.temporary.path("export/firestore/bad/(default).jsonl"), encoding: .utf8)

        // Missing parents are created, as `firebase emulators:export` does.
        let nested = try CommandLineTests.hearth(["export", self.temporary.path("new/nested/export"), "--data", data])
        #expect(nested.status == 0, "\(nested.stderr)")
        #expect(FileManager.default.fileExists(atPath: self.temporary.path("new/nested/export/hearth-export.json")))

        // A parent that is a file: nothing can be created.
        try self.temporary.write("a file, not a folder", to: "blocker")
        let orphan = try CommandLineTests.hearth(["export", self.temporary.path("blocker/export"), "--data", data])
        #expect(orphan.status == 1)
        #expect(orphan.stderr.contains(self.temporary.path("blocker")) && orphan.stderr.contains("Not a directory"), "\(orphan.stderr)")

        // The target is a file: refused before anything is written, and the file is untouched.
        try self.temporary.write("not an export", to: "file")
        let file = try CommandLineTests.hearth(["export", self.temporary.path("file"), "--data", data])
        #expect(file.status == 1)
        #expect(file.stderr.contains("\(self.temporary.path("file")): it exists and is not a directory"), "\(file.stderr)")
        #expect(try String(contentsOfFile: self.temporary.path("file"), encoding: .utf8) == "not an export")

        // No data directory: refused before anything is written; the previous export is intact.
        let nothing = try CommandLineTests.hearth(["export", self.temporary.path("export"), "--data", self.temporary.path("nowhere")])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no Hearth data at \(self.temporary.path("nowhere"))/hearth.sqlite"), "\(nothing.stderr)")
        #expect(try String(contentsOfFile: self.temporary.path("export/firestore/bad/(default).jsonl"), encoding: .utf8) == before)
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
        try self.temporary.write("a file, not a folder", to: "http-blocker")
        let unwritable = try server.request(
            "POST", "/emulator/v1/projects/p:export", headers: HearthProcess.json, body: #"{"export_directory":"\#(self.temporary.path("http-blocker"))"}"#)
        // The caller's path, not the machine, is at fault: 400 naming it and why.
        #expect(unwritable.status == 400)
        #expect(unwritable.errorStatus == "INVALID_ARGUMENT")
        #expect(unwritable.errorMessage.contains(self.temporary.path("http-blocker/firestore_export")), "\(unwritable.errorMessage)")
        #expect(unwritable.errorMessage.contains("Not a directory"), "\(unwritable.errorMessage)")
        let named = try server.request(
            "POST", "/emulator/v1/projects/p:export", headers: HearthProcess.json,
            body: #"{"export_directory":"\#(self.temporary.path)","export_name":"http-blocker"}"#)
        #expect(named.status == 400)
        #expect(named.errorMessage.contains("it exists and is not a directory"), "\(named.errorMessage)")
        #expect(try server.request("GET", documentsURL("p", "c/none")).status == 404)
        // A directory that does not exist yet is created (the README's example).
        let created = try server.request(
            "POST", "/emulator/v1/projects/p:export", headers: HearthProcess.json, body: #"{"export_directory":"\#(self.temporary.path("fresh/exports"))"}"#)
        #expect(created.status == 200, "\(created.bodyText)")
        #expect(FileManager.default.fileExists(atPath: self.temporary.path("fresh/exports/firestore_export/hearth-export.json")))
    }

    @Test func importRejectsADirectoryThatIsNotAnExport() throws {
        try FileManager.default.createDirectory(atPath: self.temporary.path("empty"), withIntermediateDirectories: true)
        let run = try CommandLineTests.hearth(["import", self.temporary.path("empty"), "--data", self.temporary.path("data")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(self.temporary.path("empty")) is not a Hearth export"), "\(run.stderr)")

        try self.temporary.write(#"{"format":"hearth-export","version":99,"firestore":[]}"#, to: "future/hearth-export.json")
        let future = try CommandLineTests.hearth(["import", self.temporary.path("future"), "--data", self.temporary.path("data")])
        #expect(future.status == 1)
        #expect(future.stderr.contains("export format version 99"), "\(future.stderr)")
    }

    @Test func aMalformedLineIsReportedWithItsFileAndLineAndNothingAfterItIsApplied() throws {
        try self.temporary.write(
            #"{"format":"hearth-export","version":1,"firestore":[{"project":"p","database":"(default)","documents":4,"file":"firestore/p/(default).jsonl"}]}"#,
            to: "export/hearth-export.json")
        let good = { (id: String) in #"{"name":"projects/p/databases/(default)/documents/c/\#(id)","fields":{"v":{"stringValue":"\#(id)"}}}"# }
        try self.temporary.write([good("a"), good("b"), #"{"name": "projects/p/databases/(default)/documents/c/x", "fields": "#, good("z")].joined(separator: "\n"), to: "export/firestore/p/(default).jsonl")
        let run = try CommandLineTests.hearth(["import", self.temporary.path("export"), "--data", self.temporary.path("data")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(self.temporary.path("export/firestore/p/(default).jsonl")):3:"), "\(run.stderr)")

        let server = try HearthProcess(["--data", self.temporary.path("data")])
        #expect(try server.request("GET", documentsURL("p", "c/z")).status == 404)

        try self.temporary.write(good("a") + "\n" + #"{"name":"projects/other/databases/(default)/documents/c/d"}"#, to: "export/firestore/p/(default).jsonl")
        #expect(server.stop() == 0)
        let wrongDatabase = try CommandLineTests.hearth(["import", self.temporary.path("export"), "--data", self.temporary.path("data")])
        #expect(wrongDatabase.status == 1)
        #expect(wrongDatabase.stderr.contains("(default).jsonl:2: \"projects/other/databases/(default)/documents/c/d\" is not in projects/p/databases/(default)"), "\(wrongDatabase.stderr)")
    }
}
