import HearthDatabase
import HearthJSON
import Logging

/// Loads the Realtime Database namespaces of a Hearth export, each replacing its namespace's
/// tree (as the emulator suite's import, a `PUT /.json` as owner, does), through the normal
/// write path so the data is validated and durable. Memory: a namespace's file is parsed
/// whole (JSON has no streaming form for one tree), about three times its size at the peak.
struct DatabaseImport {
    let namespaces: DatabaseNamespaces
    let logger: Logger

    /// - Returns: the number of namespaces imported.
    /// - Throws: `DataTransferError` naming the file and the cause; namespaces already imported stay.
    func read(_ entries: [ExportedNamespace], from directory: String) async throws(DataTransferError) -> Int {
        for entry in entries {
            let path = directory + "/" + entry.file
            let reader = try JSONLinesReader(path: path)
            var text: [UInt8] = []
            while let line = try reader.next() { text += line + [0x0A] }
            let data: DatabaseWriteData
            do {
                data = DatabaseWriteData(try DatabaseNode(json: JSONParser.parse(text)))
            } catch let error as DatabaseError {
                throw DataTransferError("\(path): \(error.message)")
            } catch {
                throw DataTransferError("\(path) is not JSON: \(error)")
            }
            let store = self.namespaces.store(for: entry.namespace)
            do {
                try await store.waitUntilDurable(store.set(.root, data).receipt)
            } catch {
                throw DataTransferError("\(path): could not import namespace \(entry.namespace): \(error.message)")
            }
        }
        if !entries.isEmpty { self.logger.info("Imported \(entries.count) Realtime Database namespace(s) from \(directory)") }
        return entries.count
    }
}
