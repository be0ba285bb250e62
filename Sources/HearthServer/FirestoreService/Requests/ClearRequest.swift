import HearthFirestore

/// The emulator's clear: every document of `database`, or those under `prefix` (segments of a
/// collection or document path) when it is given.
struct ClearRequest: Sendable, Hashable {
    var database: DatabaseID
    var prefix: [String]?
}
