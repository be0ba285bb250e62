import HearthFirestore
import Testing

@Suite("DocumentName and DatabaseID")
struct DocumentNameTests {
    static let valid: [(String, String, String, String)] = [
        ("projects/p/databases/(default)/documents/c/d", "p", "(default)", "c/d"),
        ("projects/demo-test/databases/(default)/documents/users/alice/posts/1", "demo-test", "(default)", "users/alice/posts/1"),
        ("projects/my-app/databases/db-2/documents/c/__id7__", "my-app", "db-2", "c/__id7__"),
        ("projects/example.com:app/databases/(default)/documents/c/d", "example.com:app", "(default)", "c/d"),
        // Segments longer than a small string and not ASCII: the name is sized in UTF-8 bytes.
        ("projects/demo-long-project-id/databases/(default)/documents/città/café☕-ünïcödé-document", "demo-long-project-id",
         "(default)", "città/café☕-ünïcödé-document"),
    ]

    @Test(arguments: valid)
    func parsesNames(_ text: String, _ project: String, _ database: String, _ path: String) throws {
        let name = try DocumentName(parsing: text)
        #expect(name.database.project == project)
        #expect(name.database.database == database)
        #expect(name.path.relativeString == path)
        #expect(name.description == text)
    }

    static let invalid: [(String, String)] = [
        ("", "expected \"projects/{project_id}/databases/{database_id}/documents/{document_path}\""),
        ("c/d", "expected \"projects/"),
        ("projects/p/databases/(default)/documents", "expected \"projects/"),
        ("projects/p/databases/(default)/documents/c", "even number of segments"),
        ("projects/p/databases/(default)/documents/c/d/e", "even number of segments"),
        ("projects/p/databases/(default)/docs/c/d", "expected \"projects/"),
        ("projects//databases/(default)/documents/c/d", "project ID"),
        ("projects/p/databases//documents/c/d", "database ID"),
        ("projects/p/databases/bad!/documents/c/d", "database ID"),
        ("projects/p/databases/(default)/documents/c/__x__", "reserved"),
        ("projects/p/databases/(default)/documents/c//d/e", "must not be empty"),
        ("/projects/p/databases/(default)/documents/c/d", "expected \"projects/"),
    ]

    @Test(arguments: invalid)
    func rejects(_ text: String, _ message: String) {
        #expect {
            try DocumentName(parsing: text)
        } throws: { error in
            guard let error = error as? FirestoreError else { return false }
            return error.code == .invalidArgument && error.message.contains(message)
        }
    }

    @Test func rejectsOverlongNames() throws {
        let segments = (0..<5).flatMap { _ in ["c", String(repeating: "x", count: 1400)] }
        let text = "projects/p/databases/(default)/documents/" + segments.joined(separator: "/")
        #expect(throws: FirestoreError.self) { try DocumentName(parsing: text) }
    }

    @Test func databaseIDs() throws {
        let id = try DatabaseID(project: "demo-x")
        #expect(id.database == "(default)")
        #expect(id.name == "projects/demo-x/databases/(default)")
        #expect(id.documentsRoot == "projects/demo-x/databases/(default)/documents")
        #expect(try DatabaseID(parsing: "projects/a/databases/b") == DatabaseID(project: "a", database: "b"))
        for bad in [("", "(default)"), ("a/b", "(default)"), ("a b", "(default)"), ("p", ""), ("p", "a/b"),
            ("p", String(repeating: "d", count: 64))]
        {
            #expect(throws: FirestoreError.self) { try DatabaseID(project: bad.0, database: bad.1) }
        }
        #expect(throws: FirestoreError.self) { try DatabaseID(parsing: "projects/a") }
    }

    @Test func ordering() throws {
        let names = try [
            "projects/b/databases/(default)/documents/a/a",
            "projects/a/databases/z/documents/a/a",
            "projects/a/databases/(default)/documents/a-c/x",
            "projects/a/databases/(default)/documents/a/b",
        ].map { try DocumentName(parsing: $0) }
        #expect(names.sorted().map(\.description) == [
            "projects/a/databases/(default)/documents/a/b",
            "projects/a/databases/(default)/documents/a-c/x",
            "projects/a/databases/z/documents/a/a",
            "projects/b/databases/(default)/documents/a/a",
        ])
    }
}
