import Foundation
import HearthStorage
import Logging

/// A fresh directory under the system temp directory, removed when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("hearth-storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        self.path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: self.path)
    }

    /// The store's data directory inside this temporary directory (created by the store).
    var dataDirectory: String { self.path + "/data" }

    /// The SQLite file a store in ``dataDirectory`` uses.
    var databaseFile: String { self.dataDirectory + "/" + DurableStore.databaseFileName }
}

/// A logger that drops everything, so test output stays readable.
let quietLogger = Logger(label: "hearth-storage-tests", factory: { _ in SwiftLogNoOpLogHandler() })

extension DurableStore {
    /// Every record, in scan order, as (namespace, key, value-as-text) triples.
    func allRecords(namespace: String? = nil) throws -> [String] {
        var records: [String] = []
        try self.scan(namespace: namespace) { record in
            records.append("\(record.namespace)|\(record.key)|\(String(decoding: record.value, as: UTF8.self))")
        }
        return records
    }
}

/// The bytes of `text`, for terse values.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
