import HearthFirestore

/// One aggregate of an aggregation query: its alias and value.
struct Aggregate: Sendable, Hashable {
    var alias: String
    var value: FirestoreValue
}
