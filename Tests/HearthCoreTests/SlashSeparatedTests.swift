import HearthCore
import Testing

/// Paths are cut on the `/` byte: the same parts as a character-wise split for every path
/// clients send, and a `/` before a combining mark still separates, as in Firestore.
@Suite struct SlashSeparatedTests {
    @Test(arguments: [
        ("projects/p/databases/(default)/documents/users/alice", ["projects", "p", "databases", "(default)", "documents", "users", "alice"]),
        ("", [""]),
        ("/", ["", ""]),
        ("a//b/", ["a", "", "b", ""]),
        ("caf\u{E9}/\u{1F600}/x", ["caf\u{E9}", "\u{1F600}", "x"]),
        ("a/\u{301}b", ["a", "\u{301}b"]),
    ])
    func keepingEmptyParts(path: String, parts: [String]) {
        #expect(path.slashSeparated() == parts)
        #expect(path[...].slashSeparated() == parts)
    }

    @Test(arguments: [
        ("/users//alice/", ["users", "alice"]),
        ("", []),
        ("///", []),
        ("a", ["a"]),
    ])
    func omittingEmptyParts(path: String, parts: [String]) {
        #expect(path.slashSeparated(omittingEmpty: true) == parts)
    }

    /// For paths without a combining mark after a `/`, what a character-wise split gives.
    @Test func matchesTheCharacterWiseSplit() {
        for path in ["a/b/c", "/x/", "//", "ü/ß/字/🙂", "projects/p/databases/d/documents/c/%2F"] {
            #expect(path.slashSeparated() == path.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
            #expect(path.slashSeparated(omittingEmpty: true) == path.split(separator: "/").map(String.init))
        }
    }
}
