import HearthFirestore
import Synchronization
import Testing

/// A listener's sink that records every event, so tests read what a listener was handed
/// synchronously after each commit (the store calls sinks before `commit` returns).
final class ListenRecorder: Sendable {
    private let storage = Mutex<[ListenEvent]>([])

    var sink: @Sendable (ListenEvent) -> Bool {
        { event in
            self.storage.withLock { $0.append(event) }
            return true
        }
    }

    var events: [ListenEvent] { self.storage.withLock { $0 } }

    /// The events recorded since the last call.
    func take() -> [ListenEvent] {
        self.storage.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    /// "kind id oldIndex newIndex" per change of the single event recorded since the last
    /// call; nil when there was none. Records an issue when there was more than one.
    func takeChanges(sourceLocation: SourceLocation = #_sourceLocation) -> [String]? {
        let events = self.take()
        guard let event = events.first else { return nil }
        if events.count != 1 { Issue.record("expected one event per commit, got \(events.count)", sourceLocation: sourceLocation) }
        return ListenDiffTests.describe(event.snapshot.changes)
    }
}
