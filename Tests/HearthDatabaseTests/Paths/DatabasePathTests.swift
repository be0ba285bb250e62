import HearthDatabase
import Testing

@Suite struct DatabasePathTests {
    @Test(arguments: [
        ("/", [String]()),
        ("", []),
        ("/users/alice", ["users", "alice"]),
        ("users//alice/", ["users", "alice"]),
        ("/a b/é漢/+", ["a b", "é漢", "+"]),
        ("/-NxYz_09", ["-NxYz_09"]),
    ])
    func parsesSegmentsIgnoringEmptyOnes(_ text: String, _ segments: [String]) throws {
        #expect(try DatabasePath(text).segments == segments)
    }

    @Test(arguments: [
        ("/a.b", "Invalid path: Invalid token in path"),
        ("/a$", "Invalid path: Invalid token in path"),
        ("/#", "Invalid path: Invalid token in path"),
        ("/a[0]", "Invalid path: Invalid token in path"),
        ("/a]", "Invalid path: Invalid token in path"),
        ("/..", "Invalid path: Invalid token in path"),
        ("/a\\b", "Invalid path: Invalid token in path"),
        ("/tab\there", "Invalid path: Invalid token in path"),
        ("/del\u{7F}", "Invalid path: Invalid token in path"),
        ("/" + String(repeating: "k", count: 769), "Invalid path: Key too long (the maximum is 768 bytes)"),
        ("/" + String(repeating: "é", count: 385), "Invalid path: Key too long (the maximum is 768 bytes)"),
        (String(repeating: "/x", count: 33), "Invalid path: Path exceeds the maximum depth of 32"),
    ])
    func rejectsWithFirebaseText(_ text: String, _ message: String) {
        #expect(Fixture.message { _ = try DatabasePath(text) } == message)
    }

    @Test func acceptsTheLimits() throws {
        #expect(try DatabasePath("/" + String(repeating: "k", count: 768)).count == 1)
        #expect(try DatabasePath(String(repeating: "/x", count: 32)).count == 32)
    }

    @Test func relationships() throws {
        let a = Fixture.path("/a")
        let abc = Fixture.path("/a/b/c")
        #expect(a.isAncestor(of: abc))
        #expect(!abc.isAncestor(of: a))
        #expect(!a.isAncestor(of: a))
        #expect(a.contains(a))
        #expect(DatabasePath.root.isAncestor(of: a))
        #expect(!Fixture.path("/ab").contains(Fixture.path("/a/b")))
        #expect(abc.relative(to: a) == Fixture.path("/b/c"))
        #expect(abc.relative(to: Fixture.path("/x")) == nil)
        #expect(abc.parent == Fixture.path("/a/b"))
        #expect(DatabasePath.root.parent == nil)
        #expect(try a.child("b") == Fixture.path("/a/b"))
        #expect(abc.description == "/a/b/c")
        #expect(DatabasePath.root.description == "/")
        #expect(abc.relativeDescription == "a/b/c")
        #expect(Fixture.message { _ = try a.child("b.c") } == "Invalid path: Invalid token in path")
    }

    @Test func segmentsCompareByBytesNotCanonicalEquivalence() throws {
        let composed = try DatabasePath(segments: ["\u{E9}"])
        let decomposed = try DatabasePath(segments: ["e\u{301}"])
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
    }

    @Test(arguments: [
        ("", DatabaseKey.Problem.empty), ("a.b", .invalidCharacter), ("a/b", .invalidCharacter),
        ("\u{0}", .invalidCharacter), ("\u{1F}", .invalidCharacter), (String(repeating: "x", count: 769), .tooLong),
    ])
    func keyProblems(_ key: String, _ problem: DatabaseKey.Problem) {
        #expect(DatabaseKey.problem(with: key) == problem)
    }
}
