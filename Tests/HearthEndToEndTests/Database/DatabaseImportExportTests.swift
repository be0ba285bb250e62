import Foundation
import HearthTesting
import Testing

/// Realtime Database namespaces in Hearth exports: `hearth export` (from storage), the
/// `:export` endpoint of an `--in-memory` server (from memory), then `serve --import` and
/// `hearth import`; every namespace comes back identical, priorities and deep trees included.
@Suite struct DatabaseImportExportTests {
    let temporary: TemporaryDirectory
    init() throws { self.temporary = try TemporaryDirectory("e2e") }

    /// Writes the fixture; returns each namespace's `format=export` text.
    private func seed(_ server: HearthProcess) throws -> [String: String] {
        let deep = (0..<30).map { "l\($0)" }.joined(separator: "/")
        let steps = [
            DatabaseStep("PUT", "/.json", #"{"users":{"alice":{"name":"Alice","tags":["a","b"]},"bob":{".priority":2,"n":1.5}},"flag":true}"#, 200),
            DatabaseStep("PUT", "/\(deep).json", #""deep""#, 200),
            DatabaseStep("PUT", "/p.json", #"{".value":"leaf","priority":"ignored-key"}"#, 400),
            DatabaseStep("PUT", "/p.json", #"{".value":"leaf",".priority":"s"}"#, 200),
            DatabaseStep("PUT", "/.json?ns=second", #""just a root leaf""#, 200),
            DatabaseStep("PUT", "/x.json?ns=third", #"{"é":"漢"}"#, 200),
        ]
        for step in steps { try step.run(on: server) }
        var contents: [String: String] = [:]
        for namespace in ["demo-hearth-default-rtdb", "second", "third"] {
            contents[namespace] = try server.databaseRequest("GET", "/.json?format=export&ns=\(namespace)").bodyText
        }
        return contents
    }

    private func contents(of server: HearthProcess) throws -> [String: String] {
        var contents: [String: String] = [:]
        for namespace in ["demo-hearth-default-rtdb", "second", "third"] {
            contents[namespace] = try server.databaseRequest("GET", "/.json?format=export&ns=\(namespace)").bodyText
        }
        return contents
    }

    @Test func namespacesRoundTripFromStorageAndFromMemory() throws {
        let durable = try HearthProcess(["--data", self.temporary.path("a")])
        let expected = try self.seed(durable)
        #expect(expected["demo-hearth-default-rtdb"]?.contains(#""bob":{"n":1.5,".priority":2}"#) == true)
        let exported = try CommandLineTests.hearth(["export", self.temporary.path("out/disk"), "--data", self.temporary.path("a")])
        #expect(exported.status == 0, "\(exported.stderr)")
        let manifest = try ExportFixture.manifest(self.temporary.path("out/disk"))
        let entries = manifest["database"] as? [[String: Any]] ?? []
        #expect(entries.compactMap { $0["namespace"] as? String }.sorted() == ["demo-hearth-default-rtdb", "second", "third"])
        let file = try String(contentsOfFile: self.temporary.path("out/disk/database/second.json"), encoding: .utf8)
        #expect(file == #""just a root leaf""#)

        let memory = try HearthProcess()
        #expect(try self.seed(memory) == expected)
        let http = try memory.request(
            "POST", "/emulator/v1/projects/demo-hearth:export", headers: HearthProcess.json, body: #"{"export_directory":"\#(self.temporary.path("out"))","export_name":"memory"}"#)
        #expect(http.status == 200, "\(http.bodyText)")

        for source in ["out/disk", "out/memory"] {
            let served = try HearthProcess(["--import", self.temporary.path(source)])
            #expect(try self.contents(of: served) == expected, "\(source)")
        }
        let imported = try CommandLineTests.hearth(["import", self.temporary.path("out/memory"), "--data", self.temporary.path("b")])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try self.contents(of: HearthProcess(["--data", self.temporary.path("b")])) == expected)
    }

    @Test func aDamagedNamespaceFileStopsTheImportWithItsName() throws {
        let server = try HearthProcess()
        _ = try self.seed(server)
        let http = try server.request("POST", "/emulator/v1/projects/demo-hearth:export", headers: HearthProcess.json, body: #"{"export_directory":"\#(self.temporary.path("out"))","export_name":"x"}"#)
        #expect(http.status == 200)
        try "{broken".write(toFile: self.temporary.path("out/x/database/third.json"), atomically: true, encoding: .utf8)
        let imported = try CommandLineTests.hearth(["import", self.temporary.path("out/x"), "--data", self.temporary.path("c")])
        #expect(imported.status != 0)
        #expect(imported.stderr.contains("database/third.json"))
    }
}
