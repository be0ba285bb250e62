/// A stored Firestore document: its path, fields and server-assigned times.
///
/// Mirrors `google.firestore.v1.Document` without the wire encoding: `createTime` and
/// `updateTime` are output-only and monotonic per database; a no-op write keeps `updateTime`
/// (production behaviour: an unchanged write does not bump the version).
public struct Document: Sendable, Hashable {
    public var path: DocumentPath
    public var fields: MapValue
    public var createTime: Timestamp
    public var updateTime: Timestamp

    public init(path: DocumentPath, fields: MapValue, createTime: Timestamp, updateTime: Timestamp) {
        self.path = path
        self.fields = fields
        self.createTime = createTime
        self.updateTime = updateTime
    }
}
