/// Conformance cases expected to fail, by ID prefix (`file/section/test` or `file/section`),
/// each with the reason — cel-go keeps the same list in `conformance/BUILD.bazel`. A listed
/// case that starts passing is reported, so the list cannot rot.
enum KnownFailures {
    static let entries: [String: String] = [:]

    static func reason(for id: String) -> String? {
        for (prefix, reason) in entries where id == prefix || id.hasPrefix(prefix + "/") { return reason }
        return nil
    }
}
