import Foundation
import HearthStorage
import HearthTesting
import Logging

extension TemporaryDirectory {
    /// A directory for one storage test, removed when released.
    static func forStorage() throws -> TemporaryDirectory { try TemporaryDirectory("storage-tests") }

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
