import HearthFirestore
import Testing

/// Production's INVALID_ARGUMENT reasons for structured queries (reference §4.7).
@Suite struct QueryValidationTests {
    static let f = FieldPath(segments: ["f"])
    static let g = FieldPath(segments: ["g"])
    static func values(_ count: Int) -> FirestoreValue { .array((0..<count).map { .integer(Int64($0)) }) }

    static let invalid: [(String, Filter?, [OrderBy], QueryCursor?, Int, Int?)] = [
        ("too many IN values", .field(f, .in, values(31)), [], nil, 0, nil),
        ("empty IN", .field(f, .in, .array([])), [], nil, 0, nil),
        ("too many NOT_IN values", .field(f, .notIn, values(11)), [], nil, 0, nil),
        ("two NOT_EQUAL", .composite(.and, [.field(f, .notEqual, .integer(1)), .field(g, .notEqual, .integer(1))]), [], nil, 0, nil),
        ("NOT_IN with NOT_EQUAL", .composite(.and, [.field(f, .notIn, values(2)), .field(g, .notEqual, .integer(1))]), [], nil, 0, nil),
        ("NOT_IN with OR", .composite(.or, [.field(f, .notIn, values(2)), .field(g, .equal, .integer(1))]), [], nil, 0, nil),
        ("NOT_IN with IN", .composite(.and, [.field(f, .notIn, values(2)), .field(g, .in, values(2))]), [], nil, 0, nil),
        ("two ARRAY_CONTAINS", .composite(.and, [.field(f, .arrayContains, .integer(1)), .field(g, .arrayContains, .integer(1))]), [], nil, 0, nil),
        ("over 30 disjunctions", .composite(.and, [.field(f, .in, values(6)), .field(g, .in, values(6))]), [], nil, 0, nil),
        ("array operand for ARRAY_CONTAINS", .field(f, .arrayContains, .array([])), [], nil, 0, nil),
        ("string operand on __name__", .field(.documentID, .equal, .string("c/d")), [], nil, 0, nil),
        ("empty AND", .composite(.and, []), [], nil, 0, nil),
        ("reserved field", .field(FieldPath(segments: ["__x__"]), .equal, .integer(1)), [], nil, 0, nil),
        ("cursor longer than orderBy", nil, [OrderBy(field: f)], QueryCursor(values: [.integer(1), .integer(2), .integer(3)], before: true), 0, nil),
        ("non-reference cursor for __name__", nil, [], QueryCursor(values: [.string("c/d")], before: true), 0, nil),
        ("negative offset", nil, [], nil, -1, nil),
        ("negative limit", nil, [], nil, 0, -1),
    ]

    @Test(arguments: Self.invalid.indices)
    func rejected(_ index: Int) {
        let (name, filter, orderBy, cursor, offset, limit) = Self.invalid[index]
        #expect(throws: FirestoreError.self, "\(name)") {
            try Query(collectionID: "c", filter: filter, orderBy: orderBy, startAt: cursor, offset: offset, limit: limit)
        }
    }

    /// Collection IDs and selected fields a query may not name (found by the bad-input matrix:
    /// they used to run and return nothing).
    static let invalidSelectors: [(String, String, [FieldPath]?)] = [
        ("collection ID with a slash", "a/b", nil),
        ("dot-dot collection ID", "..", nil),
        ("reserved collection ID", "__x__", nil),
        ("collection ID over 1,500 bytes", String(repeating: "c", count: 1_501), nil),
        ("select of a reserved field", "c", [FieldPath(segments: ["__x__"])]),
        ("select of a reserved nested field", "c", [FieldPath(segments: ["a", "__x__"])]),
    ]

    @Test(arguments: Self.invalidSelectors.indices)
    func selectorRejected(_ index: Int) {
        let (name, collectionID, projection) = Self.invalidSelectors[index]
        #expect(throws: FirestoreError.self, "\(name)") {
            try Query(collectionID: collectionID, projection: projection)
        }
    }

    @Test func numericCollectionIDsAndSelectingTheKeyAreFine() throws {
        _ = try Query(collectionID: "__id7__", projection: [.documentID])
    }

    @Test func thirtyDisjunctionsAndOneNotInAreFine() throws {
        _ = try Query(collectionID: "c", filter: .composite(.and, [.field(Self.f, .in, Self.values(5)), .field(Self.g, .in, Self.values(6))]))
        _ = try Query(collectionID: "c", filter: .field(Self.f, .notIn, Self.values(10)))
    }

    @Test func implicitOrderingAppendsInequalitiesSortedThenName() throws {
        let query = try Query(
            collectionID: "c",
            filter: .composite(.and, [.field(Self.g, .greaterThan, .integer(1)), .field(Self.f, .notEqual, .integer(1))]),
            orderBy: [OrderBy(field: FieldPath(segments: ["z"]), direction: .descending)])
        #expect(query.normalizedOrderBy.map(\.field.canonicalString) == ["z", "f", "g", "__name__"])
        #expect(query.normalizedOrderBy.allSatisfy { $0.direction == .descending })
    }
}
