import Foundation
import Testing

/// The service must stay free of any wire protocol: a file of it that imports HearthHTTP or
/// HearthJSON would tie Firestore's semantics to REST again, and the gRPC adapter could not
/// reuse it. Read from the sources, since imports leave no trace a test could ask the types.
@Suite struct FirestoreServiceLayeringTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HearthServer/FirestoreService")

    @Test func serviceFilesImportNoWireModule() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.directory, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 10, "expected the service's sources in \(Self.directory.path)")
        for file in files {
            let imports = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") || $0.contains(" import ") }
            for forbidden in ["HearthHTTP", "HearthJSON", "NIO"] {
                #expect(!imports.contains { $0.contains(forbidden) }, "\(file.lastPathComponent) imports \(forbidden)")
            }
        }
    }
}
