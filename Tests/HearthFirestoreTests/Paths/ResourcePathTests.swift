import HearthFirestore
import Testing

@Suite("Document and collection paths")
struct ResourcePathTests {
    /// Invalid IDs and a fragment of the expected message.
    static let invalidIDs: [(String, String)] = [
        ("", "must not be empty"),
        (".", "is not a valid collection or document ID"),
        ("..", "is not a valid collection or document ID"),
        ("__x__", "is reserved"),
        ("__name__", "is reserved"),
        ("____", "is reserved"),
        ("__id__", "is reserved"),
        ("__idabc__", "is reserved"),
        ("__id1.5__", "is reserved"),
        ("__id99999999999999999999__", "is reserved"),
        (String(repeating: "x", count: 1501), "more than the maximum of 1500 bytes"),
        (String(repeating: "é", count: 751), "more than the maximum of 1500 bytes"),
    ]

    @Test(arguments: invalidIDs)
    func rejectsInvalidDocumentIDs(_ id: String, _ message: String) {
        #expect {
            try DocumentPath(segments: ["c", id])
        } throws: { error in
            guard let error = error as? FirestoreError else { return false }
            return error.code == .invalidArgument && error.message.contains(message) && error.message.contains("\"c/")
        }
        #expect(throws: FirestoreError.self) { try CollectionPath(segments: [id]) }
    }

    static let validIDs: [String] = [
        "a", "A-b_c", "x.y", "...", "é😀", "__id1__", "__id-9223372036854775808__", "__id9223372036854775807__",
        "__x", "x__", "_", "__", "___", " ", String(repeating: "x", count: 1500), "a b", "%2F",
    ]

    @Test(arguments: validIDs)
    func acceptsValidIDs(_ id: String) throws {
        let path = try DocumentPath(segments: ["c", id])
        #expect(path.id == id)
        #expect(try CollectionPath(segments: [id]).id == id)
    }

    @Test func slashInSegmentIsRejected() {
        #expect(throws: FirestoreError.self) { try DocumentPath(segments: ["c", "a/b"]) }
    }

    static let badShapes: [String] = ["c", "c/d/e", "", "/c/d", "c/d/", "c//d/e", "c/d//"]

    @Test(arguments: badShapes)
    func rejectsBadDocumentPaths(_ text: String) {
        #expect(throws: FirestoreError.self) { try DocumentPath(parsing: text) }
    }

    @Test func rejectsBadCollectionPaths() {
        #expect(throws: FirestoreError.self) { try CollectionPath(parsing: "c/d") }
        #expect(throws: FirestoreError.self) { try CollectionPath(parsing: "") }
        #expect(throws: FirestoreError.self) { try CollectionPath(segments: []) }
        #expect(throws: FirestoreError.self) { try CollectionPath(parsing: "c/") }
    }

    @Test func depthLimit() throws {
        let hundred = (0..<100).flatMap { ["c\($0)", "d\($0)"] }
        #expect(try DocumentPath(segments: hundred).depth == 100)
        #expect(throws: FirestoreError.self) { try DocumentPath(segments: hundred + ["c", "d"]) }
        #expect(try CollectionPath(segments: Array(hundred.dropLast())).segments.count == 199)
        #expect(throws: FirestoreError.self) { try CollectionPath(segments: hundred + ["c"]) }
    }

    @Test func navigation() throws {
        let document = try DocumentPath(parsing: "users/alice/posts/p1")
        #expect(document.id == "p1")
        #expect(document.parent.relativeString == "users/alice/posts")
        #expect(document.parent.parent?.relativeString == "users/alice")
        #expect(try CollectionPath(parsing: "users").parent == nil)
        #expect(try document.child("comments").relativeString == "users/alice/posts/p1/comments")
        #expect(try CollectionPath(parsing: "users").child("bob") == DocumentPath(parsing: "users/bob"))
        #expect(throws: FirestoreError.self) { try CollectionPath(parsing: "users").child("__bad__") }
        #expect(throws: FirestoreError.self) { try document.child("") }
        #expect(try CollectionPath(parsing: "users/alice/posts").isParent(of: document))
        #expect(document.isDescendant(of: try DocumentPath(parsing: "users/alice")))
        #expect(document.description == "users/alice/posts/p1")
    }

    /// Ascending pairs in key order.
    static let keyOrder: [(String, String)] = [
        ("a/b", "a-c/x"),
        ("a/b", "a/b/c/d"),
        ("c/__id5__", "c/__id10__"),
        ("c/__id-1__", "c/__id0__"),
        ("c/__id999__", "c/A"),
        ("c/A", "c/a"),
        ("c/a", "c/é"),
        ("c/\u{FFFD}", "c/😀"),
        ("c/__id01__", "c/__id1__"),
        ("a/z/a/a", "b/a"),
    ]

    @Test(arguments: keyOrder)
    func ordersByKey(_ lower: String, _ higher: String) throws {
        let left = try DocumentPath(parsing: lower)
        let right = try DocumentPath(parsing: higher)
        #expect(left < right)
        #expect(!(right < left))
        #expect(DocumentPath.compare(left, right) == .ascending)
    }
}
