/// One stored value and where it lives, as returned by ``DurableStore/scan(namespace:_:)``.
public struct StorageRecord: Sendable, Hashable {
    public let namespace: String
    public let key: String
    public let value: [UInt8]

    public init(namespace: String, key: String, value: [UInt8]) {
        self.namespace = namespace
        self.key = key
        self.value = value
    }
}
