import Foundation
import HearthTesting
import Testing

@testable import HearthServer

/// An export only ever replaces an earlier export (Hearth's or the emulator suite's) or an
/// empty folder; anything else is refused before a byte is written, and again at the swap if
/// it filled up meanwhile, and is left exactly as it was.
@Suite struct ExportDirectoryTests {
    let temporary: TemporaryDirectory
    var root: String { self.temporary.path }
    init() throws {
        self.temporary = try TemporaryDirectory("export-dir")
    }

    private func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: self.root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Writes an export holding one file, `new.txt`.
    private func export(to destination: String) throws {
        try ExportDirectory(destination: destination).write { temporary in
            try "new".write(toFile: temporary + "/new.txt", atomically: false, encoding: .utf8)
        }
    }

    private func contents(_ relative: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: self.root + "/" + relative).sorted()
    }

    /// (what the destination holds beforehand, as files to create; nil: nothing at all)
    @Test(arguments: [
        nil, [], ["hearth-export.json", "firestore/p/(default).jsonl"],
        ["firebase-export-metadata.json", "firestore_export/firestore_export.overall_export_metadata"],
        ["firestore_export.overall_export_metadata", "all_namespaces/all_kinds/output-0"],
    ] as [[String]?])
    func anEarlierExportOrAnEmptyFolderIsReplaced(holding files: [String]?) throws {
        if let files {
            try FileManager.default.createDirectory(atPath: self.root + "/dest", withIntermediateDirectories: true)
            for file in files { try self.write("old", to: "dest/" + file) }
        }
        try self.export(to: self.root + "/dest")
        #expect(try self.contents("dest") == ["new.txt"])
        #expect(try self.contents("") == ["dest"])
    }

    @Test func aFolderThatIsNotAnExportIsRefusedAndKept() throws {
        try self.write("x", to: "victim/important/keep.txt")
        try self.write("y", to: "victim/important/nested/more.txt")
        let destination = self.root + "/victim/important"
        #expect {
            try self.export(to: destination)
        } throws: { error in
            guard let refusal = error as? ExportDestinationRefusal else { return false }
            return refusal.path == destination && refusal.message.contains("Hearth will not export to \(destination)")
                && refusal.message.contains("not an export")
        }
        #expect(try self.contents("victim/important") == ["keep.txt", "nested"])
        #expect(try String(contentsOfFile: destination + "/keep.txt", encoding: .utf8) == "x")
        #expect(try self.contents("victim") == ["important"])
        #expect(throws: ExportDestinationRefusal.self) { try HearthExport.checkDestination(destination) }
    }

    @Test func aFileIsRefusedAndKept() throws {
        try self.write("not an export", to: "file")
        #expect(throws: ExportDestinationRefusal.self) { try self.export(to: self.root + "/file") }
        #expect(try String(contentsOfFile: self.root + "/file", encoding: .utf8) == "not an export")
        #expect(try self.contents("") == ["file"])
    }

    @Test func aFolderFilledWhileTheExportIsWrittenIsNotReplaced() throws {
        let destination = self.root + "/dest"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        #expect(throws: ExportDestinationRefusal.self) {
            try ExportDirectory(destination: destination).write { temporary in
                try "meanwhile".write(toFile: destination + "/work.txt", atomically: false, encoding: .utf8)
                try "new".write(toFile: temporary + "/new.txt", atomically: false, encoding: .utf8)
            }
        }
        #expect(try self.contents("dest") == ["work.txt"])
        #expect(try self.contents("") == ["dest"])
    }
}
