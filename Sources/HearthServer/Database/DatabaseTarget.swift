import HearthDatabase

/// What a Realtime Database URL names: data, or one of the emulator's dot-files.
enum DatabaseTarget: Sendable, Equatable {
    /// `/<path>.json`: the data at a location.
    case data(DatabasePath)
    /// `/.settings/rules.json`: the namespace's rules source (admin only).
    case rules
    /// `/.inspect/databases.json`: the namespaces in use, as the emulator UI lists them.
    case databases
}
