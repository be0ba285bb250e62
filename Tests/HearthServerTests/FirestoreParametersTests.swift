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

    @Test func repeatedFieldPathsAndEmptyValues() throws {
        let parameters = FirestoreParameters(URLQuery("mask.fieldPaths=a&mask.fieldPaths=b.%60c%20d%60&mask.fieldPaths="))
        #expect(try parameters.fieldPaths("mask.fieldPaths") == [FieldPath(segments: ["a"]), FieldPath(segments: ["b", "c d"])])
        #expect(try parameters.fieldPaths("updateMask.fieldPaths") == nil)
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
