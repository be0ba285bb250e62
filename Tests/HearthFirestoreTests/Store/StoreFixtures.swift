import HearthFirestore
import Synchronization

/// Builders that keep store tests short: paths from strings, fields from literals, and a
/// clock the test controls.
enum Fixture {
    static let database = try! DatabaseID(project: "p", database: "(default)")

    static func doc(_ path: String) -> DocumentPath {
        try! DocumentPath(segments: path.split(separator: "/").map(String.init))
    }

    static func collection(_ path: String) -> CollectionPath {
        try! CollectionPath(segments: path.split(separator: "/").map(String.init))
    }

    static func fields(_ values: [String: FirestoreValue]) -> MapValue {
        MapValue(fields: values)
    }

    static func set(_ path: String, _ values: [String: FirestoreValue] = [:], precondition: Precondition? = nil) -> Write {
        Write(path: doc(path), operation: .update(fields: fields(values), mask: nil), precondition: precondition)
    }
}

/// A wall clock frozen at one instant unless a test moves it: commit times must still increase.
final class ManualClock: Sendable {
    private let micros = Mutex<Int64>(1_700_000_000_000_000)

    var now: @Sendable () -> Timestamp {
        { Timestamp(microsecondsSinceEpoch: self.micros.withLock { $0 }) }
    }

    func set(_ value: Int64) { self.micros.withLock { $0 = value } }
}
