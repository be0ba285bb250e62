import Testing

/// How a test reaches Firestore: `FirestoreService` called directly, or the equivalent REST
/// request sent through the router's responder in-process (no socket). The same test body runs
/// with both and must see the same outcome, which is what shows the routes are only adapters
/// (the `.router` / `.live` idea of Hummingbird's test framework).
enum FirestoreDriver: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case service
    case router

    var testDescription: String { self.rawValue }
}
