import HearthFirestore
import Testing

/// Transform type rules (reference §5) as a table: stored value, transform, expected value.
@Suite struct FieldTransformTests {
    static let rows: [(FirestoreValue?, FieldTransform.Kind, FirestoreValue)] = [
        (nil, .increment(.integer(5)), .integer(5)),
        (.string("x"), .increment(.integer(5)), .integer(5)),
        (.integer(2), .increment(.integer(3)), .integer(5)),
        (.integer(2), .increment(.double(0.5)), .double(2.5)),
        (.double(1.5), .increment(.integer(1)), .double(2.5)),
        (.integer(.max), .increment(.integer(1)), .integer(.max)),
        (.integer(.min), .increment(.integer(-1)), .integer(.min)),
        (.integer(3), .maximum(.double(3.0)), .integer(3)),
        (.integer(3), .maximum(.double(4.5)), .double(4.5)),
        (.double(2.5), .maximum(.integer(1)), .double(2.5)),
        (nil, .maximum(.integer(7)), .integer(7)),
        (.integer(3), .minimum(.integer(1)), .integer(1)),
        (.integer(0), .minimum(.double(-0.0)), .integer(0)),
        (.integer(3), .minimum(.double(.nan)), .double(.nan)),
        (.array([.integer(1)]), .appendMissingElements([.double(1), .integer(2), .integer(2)]), .array([.integer(1), .integer(2)])),
        (.string("no"), .appendMissingElements([.integer(1)]), .array([.integer(1)])),
        (.array([.integer(1), .double(1), .integer(2)]), .removeAllFromArray([.integer(1)]), .array([.integer(2)])),
        (nil, .removeAllFromArray([.integer(1)]), .array([])),
    ]

    @Test(arguments: Self.rows.indices)
    func transform(_ index: Int) throws {
        let (stored, kind, expected) = Self.rows[index]
        let store = DocumentStore(database: Fixture.database)
        if let stored { _ = try store.commit([Fixture.set("c/d", ["n": stored])]) }
        let write = Write(path: Fixture.doc("c/d"), operation: .transform, transforms: [FieldTransform(field: FieldPath(segments: ["n"]), kind: kind)])
        let result = try store.commit([write])
        #expect(store.document(at: Fixture.doc("c/d"))?.fields.value(at: FieldPath(segments: ["n"])) == expected)
        let reported = result.writeResults[0].transformResults[0]
        switch kind {
        case .appendMissingElements, .removeAllFromArray: #expect(reported == .null)
        default: #expect(reported == expected)
        }
    }

    @Test func serverTimeIsTheCommitTimeInMillisecondsAndNestedPathsAreCreated() throws {
        let store = DocumentStore(database: Fixture.database)
        let path = FieldPath(segments: ["meta", "at"])
        let result = try store.commit([Write(path: Fixture.doc("c/d"), operation: .update(fields: MapValue(), mask: []), transforms: [FieldTransform(field: path, kind: .serverRequestTime)])])
        guard case .timestamp(let time)? = store.document(at: Fixture.doc("c/d"))?.fields.value(at: path) else {
            Issue.record("no timestamp stored")
            return
        }
        #expect(time.seconds == result.commitTime.seconds)
        #expect(time.nanos % 1_000_000 == 0)
    }

    @Test func anUnchangedMaximumIsANoOp() throws {
        let store = DocumentStore(database: Fixture.database)
        let first = try store.commit([Fixture.set("c/d", ["n": .integer(9)])])
        let write = Write(path: Fixture.doc("c/d"), operation: .transform, transforms: [FieldTransform(field: FieldPath(segments: ["n"]), kind: .maximum(.integer(3)))])
        #expect(try store.commit([write]).writeResults[0].updateTime == first.commitTime)
    }

    @Test func duplicateOrNonNumericTransformsAreRejected() {
        let store = DocumentStore(database: Fixture.database)
        let n = FieldPath(segments: ["n"])
        for transforms in [[FieldTransform(field: n, kind: .serverRequestTime), FieldTransform(field: n, kind: .serverRequestTime)], [FieldTransform(field: n, kind: .increment(.string("1")))]] {
            #expect(throws: FirestoreError.self) { try store.commit([Write(path: Fixture.doc("c/d"), operation: .transform, transforms: transforms)]) }
        }
    }
}
