/// A server-side change to one field, applied after a write's update (`updateTransforms`) or
/// alone (a standalone `transform` write).
public struct FieldTransform: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `setToServerValue: REQUEST_TIME`: the commit time, at millisecond precision.
        case serverRequestTime
        case increment(FirestoreValue)
        case maximum(FirestoreValue)
        case minimum(FirestoreValue)
        case appendMissingElements([FirestoreValue])
        case removeAllFromArray([FirestoreValue])
    }

    public var field: FieldPath
    public var kind: Kind

    public init(field: FieldPath, kind: Kind) {
        self.field = field
        self.kind = kind
    }
}
