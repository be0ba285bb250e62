import HearthFirestore

/// A listener's local copy of the result, kept by replaying deltas as a client does.
struct ReplayedResult {
    var documents: [Document]

    mutating func apply(_ snapshot: ListenSnapshot) {
        switch snapshot.kind {
        case .initial, .reset: self.documents = snapshot.changes.map(\.document)
        case .delta: self.documents = ListenDiffTests.replay(snapshot.changes, on: self.documents)
        }
    }
}
