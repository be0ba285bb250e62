import Foundation
import HearthCore
import HearthDatabase
import HearthJSON
import HearthStorage
import Logging

/// Rebuilds every stored Realtime Database namespace at start-up from the records
/// `DatabaseStorageJournal` writes (one per leaf, plus object priorities). One streaming pass
/// over the `rtdb/…` namespaces; a record that does not decode stops start-up with its
/// namespace, key and reason: data is never silently dropped.
enum DatabaseRecovery {
    static func restore(from storage: DurableStore, into namespaces: DatabaseNamespaces, logger: Logger) throws -> Int {
        let started = ContinuousClock.now
        var trees: [String: (root: DatabaseNode, priorities: [(DatabasePath, DatabaseNode)])] = [:]
        var loaded = 0
        try storage.scan(namespacePrefix: DatabaseStorageJournal.namespacePrefix) { record in
            guard let namespace = DatabaseStorageJournal.databaseNamespace(of: record.namespace) else { return }
            var segments = record.key.isEmpty ? [] : record.key.slashSeparated()
            let isPriority = segments.last == ".priority"
            if isPriority { segments.removeLast() }
            let path: DatabasePath
            let value: DatabaseNode
            do {
                path = try DatabasePath(segments: segments)
                value = try DatabaseNode(json: JSONParser.parse(record.value))
            } catch {
                throw DataTransferError(
                    "The stored Realtime Database record \(record.key.isEmpty ? "/" : record.key) of namespace \(namespace) is unreadable (\(error)); the data file may be damaged. Restore a backup or export what can be read.")
            }
            if isPriority {
                trees[namespace, default: (.empty, [])].priorities.append((path, value))
            } else {
                trees[namespace, default: (.empty, [])].root.set(value, at: path)
            }
            loaded += 1
            if loaded % 100_000 == 0 { logger.info("Recovered \(loaded) Realtime Database values…") }
        }
        for (namespace, var tree) in trees {
            for (path, priority) in tree.priorities {
                var node = tree.root.child(at: path)
                guard !node.isEmpty, let leaf = priority.leaf else { continue }
                node.setPriority(DatabasePriority(leaf))
                tree.root.set(node, at: path)
            }
            namespaces.store(for: namespace).restore(tree.root)
        }
        if loaded > 0 {
            let elapsed = ContinuousClock.now - started
            logger.info("Recovered \(loaded) Realtime Database value(s) of \(trees.count) namespace(s) in \(elapsed.formatted(.units(allowed: [.milliseconds, .seconds])))")
        }
        return loaded
    }
}
