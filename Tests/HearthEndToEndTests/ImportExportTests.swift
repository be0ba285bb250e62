import Foundation
import HearthTesting
import Testing

/// Export and import through the real binary: `POST …:export`, `hearth export` of a running and
/// of a stopped server's directory, `--export-on-exit`, then `hearth import` and
/// `serve --import` into fresh directories; every document comes back with the same fields.
@Suite struct ImportExportTests {
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("e2e") }

    @Test func everyWayOfExportingRoundTripsEveryDocument() throws {
        let server = try HearthProcess(["--data", self.temporary.path("a"), "--export-on-exit", self.temporary.path("out/exit")])
        let expected = try ExportFixture.seed(server)
        #expect(expected["ie/(default)"]?.count == ExportFixture.bulkCount + 3)
        #expect(expected["ie/(default)"]?["values/all"]?.count == ValueEncodingTests.cases.count)
        try FileManager.default.createDirectory(atPath: self.temporary.path("out"), withIntermediateDirectories: true)

        let http = try server.request(
            "POST", "/emulator/v1/projects/ie:export",
            headers: HearthProcess.json, body: #"{"database":"projects/ie/databases/(default)","export_directory":"\#(self.temporary.path("out"))","export_name":"http"}"#)
        #expect(http.status == 200, "\(http.bodyText)")
        #expect(http.bodyText == "{}")
        let live = try CommandLineTests.hearth(["export", self.temporary.path("out/live"), "--data", self.temporary.path("a")])
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stdout.contains("Exported \(ExportFixture.bulkCount + 5) document(s)"))
        #expect(server.stop() == 0)
        let stopped = try CommandLineTests.hearth(["export", self.temporary.path("out/stopped"), "--data", self.temporary.path("a")])
        #expect(stopped.status == 0, "\(stopped.stderr)")

        let manifest = try ExportFixture.manifest(self.temporary.path("out/stopped"))
        #expect(manifest["format"] as? String == "hearth-export")
        #expect(manifest["version"] as? Int == 1)
        let entries = manifest["firestore"] as? [[String: Any]] ?? []
        #expect(entries.map { "\($0["project"]!)/\($0["database"]!)" }.sorted() == ["ie/(default)", "ie/second", "ie2/(default)"])
        let main = try #require(entries.first { $0["project"] as? String == "ie" && $0["database"] as? String == "(default)" })
        #expect(main["documents"] as? Int == ExportFixture.bulkCount + 3)
        #expect(main["file"] as? String == "firestore/ie/(default).jsonl")
        let lines = try String(contentsOfFile: self.temporary.path("out/stopped/firestore/ie/(default).jsonl"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.count == ExportFixture.bulkCount + 3)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"name":"projects/ie/databases/(default)/documents/"#) && $0.contains(#""updateTime":"#) })

        // hearth import of the running server's export into a fresh directory.
        let imported = try CommandLineTests.hearth(["import", self.temporary.path("out/live"), "--data", self.temporary.path("b")])
        #expect(imported.status == 0, "\(imported.stderr)")
        let fromLive = try HearthProcess(["--data", self.temporary.path("b")])
        #expect(try ExportFixture.contents(of: fromLive) == expected)

        // serve --import of the stopped server's export, and of the export written on exit.
        for source in ["out/stopped", "out/exit"] {
            let served = try HearthProcess(["--data", self.temporary.path("c-" + source.replacingOccurrences(of: "/", with: "-")), "--import", self.temporary.path(source)])
            #expect(try ExportFixture.contents(of: served) == expected, "\(source)")
        }

        // The HTTP export named one database: only it is in the export.
        let fromHTTP = try HearthProcess(["--import", self.temporary.path("out/http")])
        let contents = try ExportFixture.contents(of: fromHTTP)
        #expect(contents["ie/(default)"] == expected["ie/(default)"])
        #expect(contents["ie/second"]?.isEmpty == true)
        #expect(contents["ie2/(default)"]?.isEmpty == true)
    }

    @Test func importMergesAndGivesNewTimes() throws {
        let source = try HearthProcess(["--export-on-exit", self.temporary.path("export")])
        let original = try source.request("PATCH", documentsURL("merge", "c/a"), body: #"{"fields":{"v":{"integerValue":"1"}}}"#).json
        #expect(source.stop() == 0)

        let target = try HearthProcess(["--data", self.temporary.path("data")])
        _ = try target.request("PATCH", documentsURL("merge", "c/a"), body: #"{"fields":{"v":{"integerValue":"2"}}}"#)
        _ = try target.request("PATCH", documentsURL("merge", "c/b"), body: #"{"fields":{"v":{"integerValue":"3"}}}"#)
        let refused = try CommandLineTests.hearth(["import", self.temporary.path("export"), "--data", self.temporary.path("data")])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("in use by another Hearth server"), "\(refused.stderr)")
        #expect(target.stop() == 0)

        let run = try CommandLineTests.hearth(["import", self.temporary.path("export"), "--data", self.temporary.path("data")])
        #expect(run.status == 0, "\(run.stderr)")
        let after = try HearthProcess(["--data", self.temporary.path("data")])
        let a = try after.request("GET", documentsURL("merge", "c/a")).json
        #expect(a.object("fields").object("v").string("integerValue") == "1")
        #expect(a.string("updateTime") != original.string("updateTime"))
        #expect(try after.request("GET", documentsURL("merge", "c/b")).json.object("fields").object("v").string("integerValue") == "3")
    }
}
