import HearthFirestore
import HearthHTTP
import Testing

@testable import HearthServer

@Suite struct FirestoreParametersTests {
    @Test(arguments: [
        ("page_size", "pageSize"), ("mask.field_paths", "mask.fieldPaths"), ("current_document.update_time", "currentDocument.updateTime"),
        ("pageSize", "pageSize"), ("$alt", "$alt"), ("show_missing", "showMissing"),
    ])
    func snakeCaseNamesBecomeLowerCamel(_ name: String, _ expected: String) {
        #expect(FirestoreParameters.camelCased(name) == expected)
    }

    @Test func preconditionsParse() throws {
        let exists = FirestoreParameters(URLQuery("currentDocument.exists=false"))
        #expect(try exists.precondition() == .exists(false))
        let time = FirestoreParameters(URLQuery("current_document.update_time=2024-01-02T03:04:05.123456789Z"))
        #expect(try time.precondition() == .updateTime(Timestamp(seconds: 1_704_164_645, nanos: 123_456_000)))
        let both = FirestoreParameters(URLQuery("currentDocument.exists=true&currentDocument.updateTime=2024-01-02T03:04:05Z"))
        #expect(throws: FirestoreError.self) { try both.precondition() }
    }

    @Test func repeatedFieldPaths() throws {
        let parameters = FirestoreParameters(URLQuery("mask.fieldPaths=a&mask.fieldPaths=b.%60c%20d%60"))
        #expect(try parameters.fieldPaths("mask.fieldPaths") == [FieldPath(segments: ["a"]), FieldPath(segments: ["b", "c d"])])
        #expect(try parameters.fieldPaths("updateMask.fieldPaths") == nil)
    }

    /// Issue 35 item 10: an empty path is refused like any other invalid one (it was skipped),
    /// as the same mask in a JSON body or over gRPC is.
    @Test(arguments: ["updateMask.fieldPaths=", "updateMask.fieldPaths=a&updateMask.fieldPaths=", "mask.fieldPaths="])
    func emptyFieldPathsAreInvalidArgument(_ query: String) {
        let name = String(query.prefix(while: { $0 != "=" }))
        #expect {
            try FirestoreParameters(URLQuery(query)).fieldPaths(name)
        } throws: { error in
            (error as? FirestoreError)?.message == "Invalid field path in '\(name)': Invalid field path \"\": a field path must not be empty."
        }
    }

    @Test(arguments: ["yes", "2"])
    func invalidBooleansAreInvalidArgument(_ text: String) {
        #expect(throws: FirestoreError.self) { try FirestoreParameters(URLQuery("showMissing=\(text)")).bool("showMissing") }
    }
}

@Suite struct OrderByTextTests {
    @Test func parsesFieldsAndDirections() throws {
        let orders = try OrderByText.parse("priority desc, __name__ DESC,age")
        #expect(orders == [
            OrderBy(field: FieldPath(segments: ["priority"]), direction: .descending),
            OrderBy(field: .documentID, direction: .descending),
            OrderBy(field: FieldPath(segments: ["age"]), direction: .ascending),
        ])
    }

    @Test(arguments: ["a sideways", "a desc extra", "a..b"])
    func rejectsMalformedItems(_ text: String) {
        #expect(throws: FirestoreError.self) { try OrderByText.parse(text) }
    }
}

@Suite struct PageTokenTests {
    @Test func roundTripsCursorsWithValues() throws {
        let cursor = ListCursor(values: [.integer(3), .string("x/y"), .double(.nan)], path: try DocumentPath(segments: ["c", "d e"]))
        let decoded = try PageToken.decode(PageToken.encode(cursor))
        #expect(decoded == cursor)
    }

    @Test(arguments: ["", "!!!", "e30", "WyJjIl0"])
    func rejectsForgedTokens(_ token: String) {
        #expect(throws: FirestoreError.self) { try PageToken.decode(token) }
    }
}
