/// One change to the store. Keys and namespaces are opaque strings compared byte by byte (UTF-8).
public enum StorageOperation: Sendable, Hashable {
    /// Inserts or replaces the value stored under (`namespace`, `key`).
    case put(namespace: String, key: String, value: [UInt8])
    /// Removes one record; removing a record that does not exist is not an error.
    case delete(namespace: String, key: String)
    /// Removes every record of a namespace. Costs O(records removed).
    case deleteNamespace(String)
    /// Removes every record of `namespace` whose key starts with `keyPrefix` (byte-wise), e.g.
    /// `"rooms/r1/"` for a subtree. An empty prefix removes the whole namespace.
    /// Uses the primary-key index: O(log n + records removed).
    case deletePrefix(namespace: String, keyPrefix: String)
}
