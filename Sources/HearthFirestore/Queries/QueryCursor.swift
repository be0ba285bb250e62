/// A `startAt`/`endAt` bound: values for a prefix of the normalised ordering.
///
/// `before` is the proto's flag: on a start bound `before: true` is inclusive (startAt) and
/// false exclusive (startAfter); on an end bound `before: true` is exclusive (endBefore) and
/// false inclusive (endAt).
public struct QueryCursor: Sendable, Hashable {
    public var values: [FirestoreValue]
    public var before: Bool

    public init(values: [FirestoreValue], before: Bool) {
        self.values = values
        self.before = before
    }
}
