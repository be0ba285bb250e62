import HearthDatabase

/// The `timeout` parameter of a read: `<n>ms`, `<n>s` or `<n>min`, at most 15 minutes
/// (`rtdb.md` §1.3). Reads are served from memory in far less, so it is validated, not waited on.
struct DatabaseTimeout: Sendable, Equatable {
    let milliseconds: Int

    init(_ text: String) throws(DatabaseError) {
        let units: [(String, Int)] = [("ms", 1), ("min", 60_000), ("s", 1_000)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            if let count = Int(text.dropLast(suffix.count)), count > 0, count <= 15 * 60_000 / scale {
                self.milliseconds = count * scale
                return
            }
        }
        throw .badRequest("timeout must be a positive duration of at most 15min written as <n>ms, <n>s or <n>min (got '\(text)').")
    }
}
