import HearthFirestore
import Testing

@Suite struct QueryExecutionTests {
    static let f = FieldPath(segments: ["f"])
    static let g = FieldPath(segments: ["g"])

    /// c/a..c/h with f and g values; c/x lacks f.
    func store() throws -> DocumentStore {
        let store = DocumentStore(database: Fixture.database)
        let rows: [(String, FirestoreValue, FirestoreValue)] = [
            ("a", .integer(1), .string("x")), ("b", .integer(2), .string("y")), ("c", .double(2.0), .string("x")),
            ("d", .integer(3), .string("y")), ("e", .string("s"), .string("x")), ("f", .null, .string("y")),
            ("g", .double(.nan), .string("x")), ("h", .integer(3), .string("x")),
        ]
        _ = try store.commit(rows.map { Fixture.set("c/\($0.0)", ["f": $0.1, "g": $0.2]) })
        _ = try store.commit([Fixture.set("c/x", ["g": .string("x")]), Fixture.set("other/a", ["f": .integer(1)])])
        return store
    }

    func ids(_ result: QueryResult) -> [String] { result.documents.map(\.path.id) }

    func query(_ filter: Filter? = nil, orderBy: [OrderBy] = [], startAt: QueryCursor? = nil, endAt: QueryCursor? = nil, offset: Int = 0, limit: Int? = nil) throws -> Query {
        try Query(collectionID: "c", filter: filter, orderBy: orderBy, startAt: startAt, endAt: endAt, offset: offset, limit: limit)
    }

    @Test func noFilterReturnsTheCollectionInNameOrder() throws {
        #expect(self.ids(try self.store().runQuery(self.query())) == ["a", "b", "c", "d", "e", "f", "g", "h", "x"])
    }

    @Test func orderByUsesTheTotalOrderAndDropsDocumentsWithoutTheField() throws {
        let result = try self.store().runQuery(self.query(orderBy: [OrderBy(field: Self.f)]))
        // null < NaN < 1 < 2 == 2.0 (by name) < 3 == 3 (by name) < "s"
        #expect(self.ids(result) == ["f", "g", "a", "b", "c", "d", "h", "e"])
    }

    @Test func inequalityAddsAnImplicitOrderingInTheLastDirection() throws {
        let store = try self.store()
        let ascending = store.runQuery(try self.query(.field(Self.f, .greaterThanOrEqual, .integer(2))))
        #expect(self.ids(ascending) == ["b", "c", "d", "h"])
        let descending = store.runQuery(try self.query(.field(Self.f, .greaterThan, .integer(1)), orderBy: [OrderBy(field: Self.g, direction: .descending)]))
        // g desc, then f desc, then __name__ desc
        #expect(self.ids(descending) == ["d", "b", "h", "c"])
    }

    @Test func equalityPlusOrderByPlusLimitWalksOnlyTheResult() throws {
        let store = try self.store()
        let result = store.runQuery(try self.query(.field(Self.g, .equal, .string("x")), orderBy: [OrderBy(field: Self.f, direction: .descending)], limit: 2))
        #expect(self.ids(result) == ["e", "h"])
    }

    @Test func cursorsFollowTheNormalizedOrdering() throws {
        let store = try self.store()
        let order = [OrderBy(field: Self.f)]
        func run(_ start: QueryCursor?, _ end: QueryCursor?) throws -> [String] { self.ids(store.runQuery(try self.query(orderBy: order, startAt: start, endAt: end))) }
        #expect(try run(QueryCursor(values: [.integer(2)], before: true), QueryCursor(values: [.integer(3)], before: true)) == ["b", "c"])
        #expect(try run(QueryCursor(values: [.integer(2)], before: false), QueryCursor(values: [.integer(3)], before: false)) == ["d", "h"])
        let name = FirestoreValue.reference(DocumentName(database: Fixture.database, path: Fixture.doc("c/b")))
        #expect(try run(QueryCursor(values: [.integer(2), name], before: false), nil) == ["c", "d", "h", "e"])
    }

    @Test func offsetSkipsAndCountsAndLimitStops() throws {
        let result = try self.store().runQuery(self.query(.field(Self.g, .equal, .string("y")), offset: 1, limit: 2))
        #expect(self.ids(result) == ["d", "f"])
        #expect(result.skipped == 1)
        let zero = try self.store().runQuery(self.query(limit: 0))
        #expect(zero.documents.isEmpty)
    }

    @Test func orFiltersAndInUseTheWholeFilter() throws {
        let store = try self.store()
        let or = Filter.composite(.or, [.field(Self.f, .equal, .integer(1)), .field(Self.f, .equal, .string("s"))])
        #expect(self.ids(store.runQuery(try self.query(or))) == ["a", "e"])
        #expect(self.ids(store.runQuery(try self.query(.field(Self.f, .in, .array([.integer(3), .null]))))) == ["d", "f", "h"])
    }

    @Test func indexesFollowLaterWrites() throws {
        let store = try self.store()
        let query = try self.query(.field(Self.g, .equal, .string("y")), orderBy: [OrderBy(field: Self.f)])
        #expect(self.ids(store.runQuery(query)) == ["f", "b", "d"])
        _ = try store.commit([
            Fixture.set("c/b", ["f": .integer(2), "g": .string("x")]), Fixture.set("c/z", ["f": .integer(0), "g": .string("y")]),
            Write(path: Fixture.doc("c/d"), operation: .delete),
        ])
        #expect(self.ids(store.runQuery(query)) == ["f", "z"])
    }

    @Test func collectionGroupsSpanParentsAndRespectTheParent() throws {
        let store = DocumentStore(database: Fixture.database)
        _ = try store.commit(["r/1/m/a", "r/2/m/b", "s/1/m/c", "m/top", "r/1/n/x"].map { Fixture.set($0, ["k": .integer(1)]) })
        let all = try Query(collectionID: "m", allDescendants: true)
        #expect(store.runQuery(all).documents.map(\.path.relativeString) == ["m/top", "r/1/m/a", "r/2/m/b", "s/1/m/c"])
        let underR1 = try Query(parent: Fixture.doc("r/1"), collectionID: "m", allDescendants: true)
        #expect(store.runQuery(underR1).documents.map(\.path.relativeString) == ["r/1/m/a"])
        let kindless = try Query(parent: Fixture.doc("r/1"), collectionID: nil, allDescendants: true)
        #expect(store.runQuery(kindless).documents.map(\.path.relativeString) == ["r/1/m/a", "r/1/n/x"])
    }
}

/// Indexed queries agree with a brute-force evaluation after many batched commits, deletes
/// and updates (the indexes are maintained incrementally; the brute force is not).
@Suite struct IndexMaintenanceTests {
    @Test(arguments: [1, 2, 3])
    func indexedQueriesMatchBruteForceAfterBatches(_ seed: Int) throws {
        let store = DocumentStore(database: Fixture.database)
        var generator = SplitMix(seed: UInt64(seed))
        let team = FieldPath(segments: ["team"])
        let score = FieldPath(segments: ["score"])
        let query = try Query(collectionID: "c", filter: .field(team, .equal, .integer(1)), orderBy: [OrderBy(field: score, direction: .descending)], limit: 15)
        _ = store.runQuery(query)  // build the index before the writes, so it is maintained
        for _ in 0..<30 {
            var writes: [Write] = []
            var touched: Set<String> = []
            for _ in 0..<Int(generator.next() % 40 + 1) {
                let id = "d\(generator.next() % 200)"
                guard touched.insert(id).inserted else { continue }
                if generator.next() % 5 == 0 {
                    writes.append(Write(path: Fixture.doc("c/\(id)"), operation: .delete))
                } else {
                    writes.append(Fixture.set("c/\(id)", ["team": .integer(Int64(generator.next() % 3)), "score": .integer(Int64(generator.next() % 50))]))
                }
            }
            _ = try store.commit(writes)
            let indexed = store.runQuery(query).documents.map(\.path)
            let all = store.list(try ListDocumentsRequest(collection: Fixture.collection("c"))).entries.compactMap { entry -> Document? in
                if case .document(let document) = entry { return document }
                return nil
            }
            let expected = all
                .filter { $0.fields.value(at: team) == .integer(1) }
                .sorted { a, b in
                    let (sa, sb) = (a.fields.value(at: score)!, b.fields.value(at: score)!)
                    let order = FirestoreValue.compare(sa, sb)
                    return order == .descending || (order == .same && b.path < a.path)
                }
                .prefix(15)
                .map(\.path)
            #expect(indexed == Array(expected))
        }
    }
}
