import HearthFirestore
import Testing

/// Production's filter semantics (reference §4.3) as a table: document field value, filter,
/// expected match. `nil` field means the document lacks it.
@Suite struct FilterMatchingTests {
    typealias Row = (field: FirestoreValue?, op: Filter.FieldOperator, operand: FirestoreValue, matches: Bool)

    static let rows: [Row] = [
        (.integer(1), .equal, .double(1.0), true),
        (.integer(1), .equal, .string("1"), false),
        (nil, .equal, .null, false),
        (.null, .equal, .null, true),
        (.double(.nan), .equal, .double(.nan), true),
        (.integer(5), .greaterThan, .integer(3), true),
        (.string("a"), .greaterThan, .integer(3), false),
        (.double(.nan), .lessThan, .integer(0), true),
        (.integer(3), .lessThanOrEqual, .integer(3), true),
        (.integer(3), .greaterThanOrEqual, .double(3.5), false),
        (.timestamp(Timestamp(seconds: 10)), .lessThan, .timestamp(Timestamp(seconds: 11)), true),
        (.integer(1), .notEqual, .integer(2), true),
        (.integer(1), .notEqual, .double(1), false),
        (.null, .notEqual, .integer(2), false),
        (nil, .notEqual, .integer(2), false),
        (.string("x"), .notEqual, .integer(2), true),
        (.array([.integer(1), .string("a")]), .arrayContains, .double(1), true),
        (.array([.integer(1)]), .arrayContains, .integer(2), false),
        (.string("abc"), .arrayContains, .string("a"), false),
        (.array([.integer(1), .integer(2)]), .arrayContainsAny, .array([.integer(5), .integer(2)]), true),
        (.array([.integer(1)]), .arrayContainsAny, .array([.integer(5)]), false),
        (.integer(2), .in, .array([.integer(1), .integer(2)]), true),
        (.integer(3), .in, .array([.integer(1), .integer(2)]), false),
        (.null, .in, .array([.null]), true),
        (.integer(3), .notIn, .array([.integer(1), .integer(2)]), true),
        (.integer(2), .notIn, .array([.integer(1), .integer(2)]), false),
        (.null, .notIn, .array([.integer(1)]), false),
        (nil, .notIn, .array([.integer(1)]), false),
        (.integer(3), .notIn, .array([.integer(1), .null]), false),
    ]

    static func document(_ value: FirestoreValue?) -> Document {
        var fields = MapValue()
        if let value { fields.setValue(value, at: FieldPath(segments: ["f"])) }
        return Document(path: Fixture.doc("c/d"), fields: fields, createTime: Timestamp(seconds: 1), updateTime: Timestamp(seconds: 1))
    }

    @Test(arguments: Self.rows.indices)
    func fieldFilter(_ index: Int) {
        let row = Self.rows[index]
        let filter = Filter.field(FieldPath(segments: ["f"]), row.op, row.operand)
        #expect(filter.matches(Self.document(row.field), in: Fixture.database) == row.matches, "\(row)")
    }

    @Test(arguments: [
        (FirestoreValue.null, Filter.UnaryOperator.isNull, true), (.integer(0), .isNull, false),
        (.double(.nan), .isNaN, true), (.integer(1), .isNaN, false),
        (.integer(1), .isNotNull, true), (.null, .isNotNull, false),
        (.integer(1), .isNotNaN, true), (.double(.nan), .isNotNaN, false), (.null, .isNotNaN, false),
    ])
    func unaryFilter(_ value: FirestoreValue, _ op: Filter.UnaryOperator, _ matches: Bool) {
        #expect(Filter.unary(FieldPath(segments: ["f"]), op).matches(Self.document(value), in: Fixture.database) == matches)
    }

    @Test func missingFieldNeverMatchesUnaryFilters() {
        for op in Filter.UnaryOperator.allCases {
            #expect(!Filter.unary(FieldPath(segments: ["f"]), op).matches(Self.document(nil), in: Fixture.database))
        }
    }

    @Test func compositesNest() {
        let f = FieldPath(segments: ["f"])
        let filter = Filter.composite(.or, [.field(f, .equal, .integer(1)), .composite(.and, [.field(f, .greaterThan, .integer(5)), .field(f, .lessThan, .integer(7))])])
        #expect(filter.matches(Self.document(.integer(1)), in: Fixture.database))
        #expect(filter.matches(Self.document(.integer(6)), in: Fixture.database))
        #expect(!filter.matches(Self.document(.integer(5)), in: Fixture.database))
    }
}
