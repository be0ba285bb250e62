import Foundation
import HearthFirestore
import HearthStorage
import Logging

/// Loads every stored Firestore document into memory at start-up.
///
/// One streaming pass over the `firestore/…` namespaces, decoding each record and handing
/// each database's documents to its store in bulk (sorted once). Logs progress every 100,000
/// documents so a large recovery never looks like a hang. A record that does not decode stops
/// start-up with the key and the reason: data is never silently dropped.
enum FirestoreRecovery {
    static func restore(from storage: DurableStore, into databases: FirestoreDatabases, logger: Logger) throws -> Int {
        let started = ContinuousClock.now
        let total = try storage.count()
        if total > 0 { logger.info("Recovering \(total) stored records…") }
        var byDatabase: [String: (DatabaseID, [Document])] = [:]
        var loaded = 0
        try storage.scan(namespacePrefix: "firestore/") { record in
            let parts = record.namespace.split(separator: "/", maxSplits: 2).map(String.init)
            guard parts.count == 3, parts[0] == "firestore" else { return }
            let key = record.namespace
            if byDatabase[key] == nil {
                byDatabase[key] = (try DatabaseID(project: parts[1], database: parts[2]), [])
            }
            let path = try DocumentPath(parsing: record.key)
            byDatabase[key]!.1.append(try DocumentBinaryCodec.decode(record.value, path: path))
            loaded += 1
            if loaded % 100_000 == 0 { logger.info("Recovered \(loaded) of \(total) records…") }
        }
        for (_, (database, documents)) in byDatabase {
            databases.store(for: database).restore(documents)
        }
        if loaded > 0 {
            let elapsed = ContinuousClock.now - started
            logger.info("Recovered \(loaded) Firestore document(s) of \(byDatabase.count) database(s) in \(elapsed.formatted(.units(allowed: [.milliseconds, .seconds])))")
        }
        return loaded
    }
}
