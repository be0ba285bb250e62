import HearthFirestore
import Testing

/// `findNearest`: distances, ranking, thresholds and the result field, through `runQuery` on a
/// real store, and the query vectors and limits production refuses.
@Suite struct VectorSearchTests {
    static let e = FieldPath(segments: ["e"])

    static func vector(_ elements: [Double]) -> FirestoreValue {
        .map(MapValue(fields: ["__type__": .string("__vector__"), "value": .array(elements.map(FirestoreValue.double))]))
    }

    /// v/a [1,2], v/b [3,4], v/c [1.1,2.1] (blue), v/d three dimensions, v/e a string, v/f no
    /// field, v/g the zero vector, v/h [1,2] again; n.e nested in v/a.
    func store() throws -> DocumentStore {
        let store = DocumentStore(database: Fixture.database)
        let rows: [(String, FirestoreValue?)] = [
            ("a", Self.vector([1, 2])), ("b", Self.vector([3, 4])), ("c", Self.vector([1.1, 2.1])), ("d", Self.vector([1, 2, 3])),
            ("e", .string("not a vector")), ("f", nil), ("g", Self.vector([0, 0])), ("h", Self.vector([1, 2])),
        ]
        _ = try store.commit(
            rows.map { id, value in
                var fields: [String: FirestoreValue] = ["color": .string(id == "c" ? "blue" : "red")]
                if let value { fields["e"] = value }
                if id == "a" { fields["n"] = .map(MapValue(fields: ["e": Self.vector([0, 1])])) }
                return Fixture.set("v/\(id)", fields)
            })
        return store
    }

    func nearest(
        _ measure: VectorSearch.Measure, to query: [Double] = [1, 2], field: FieldPath = Self.e, limit: Int = 10,
        threshold: Double? = nil, resultField: FieldPath? = nil, filter: Filter? = nil
    ) throws -> [Document] {
        let search = try VectorSearch(
            field: field, queryVector: Self.vector(query), measure: measure, limit: limit, distanceResultField: resultField,
            distanceThreshold: threshold)
        return try self.store().runQuery(try Query(collectionID: "v", filter: filter, findNearest: search)).documents
    }

    struct Ranking: Sendable, CustomTestStringConvertible {
        var measure: VectorSearch.Measure
        var threshold: Double?
        var expected: [String]
        var testDescription: String { "\(self.measure.rawValue), threshold \(self.threshold.map { "\($0)" } ?? "none")" }
    }

    /// Only vectors of the query's two dimensions take part (not d, e, f); COSINE leaves the
    /// zero vector g out; equal distances (a, h) rank by name.
    @Test(arguments: [
        Ranking(measure: .euclidean, threshold: nil, expected: ["a", "h", "c", "g", "b"]),
        Ranking(measure: .euclidean, threshold: 1, expected: ["a", "h", "c"]),
        Ranking(measure: .cosine, threshold: nil, expected: ["a", "h", "c", "b"]),
        Ranking(measure: .dotProduct, threshold: nil, expected: ["b", "c", "a", "h", "g"]),
        Ranking(measure: .dotProduct, threshold: 5.2, expected: ["b", "c"]),
    ])
    func ranksByDistance(_ ranking: Ranking) throws {
        #expect(try self.nearest(ranking.measure, threshold: ranking.threshold).map(\.path.id) == ranking.expected)
    }

    @Test func limitsFiltersFirstAndWritesTheDistance() throws {
        let red = Filter.field(FieldPath(segments: ["color"]), .equal, .string("red"))
        let found = try self.nearest(.euclidean, to: [1.1, 2.1], limit: 2, resultField: FieldPath(segments: ["out", "distance"]), filter: red)
        #expect(found.map(\.path.id) == ["a", "h"])
        guard case .double(let distance)? = found.first?.fields.value(at: FieldPath(segments: ["out", "distance"])) else {
            Issue.record("no distance written")
            return
        }
        #expect(abs(distance - 0.02.squareRoot()) < 1e-12)
        // The stored document is untouched.
        #expect(try self.store().document(at: Fixture.doc("v/a"))?.fields.value(at: FieldPath(segments: ["out"])) == nil)
    }

    @Test func findsVectorsInNestedFields() throws {
        #expect(try self.nearest(.euclidean, to: [0, 2], field: FieldPath(segments: ["n", "e"])).map(\.path.id) == ["a"])
    }

    @Test func refusesWhatProductionRefuses() {
        func refused(_ vector: FirestoreValue, limit: Int = 5, resultField: FieldPath? = nil, threshold: Double? = nil) -> String? {
            do {
                _ = try VectorSearch(
                    field: Self.e, queryVector: vector, measure: .euclidean, limit: limit, distanceResultField: resultField,
                    distanceThreshold: threshold)
                return nil
            } catch {
                #expect(error.code == .invalidArgument)
                return error.message
            }
        }
        #expect(refused(.array([.double(1)]))?.contains("must be a vector") == true)
        #expect(refused(Self.vector([]))?.contains("0 dimensions") == true)
        #expect(refused(Self.vector(Array(repeating: 1, count: 2049)))?.contains("2049 dimensions") == true)
        #expect(refused(.map(MapValue(fields: ["__type__": .string("__vector__"), "value": .array([.string("x")])])))?.contains("element 0") == true)
        #expect(refused(Self.vector([1]), limit: 0)?.contains("between 1 and 1000") == true)
        #expect(refused(Self.vector([1]), limit: 1001)?.contains("between 1 and 1000") == true)
        #expect(refused(Self.vector([1]), resultField: FieldPath(segments: ["__x__"]))?.contains("reserved") == true)
        #expect(refused(Self.vector([1]), threshold: .nan)?.contains("finite") == true)
        #expect(refused(Self.vector(Array(repeating: 1, count: 2048)), limit: 1000) == nil)
    }

    @Test func listenersRefuseIt() throws {
        let search = try VectorSearch(field: Self.e, queryVector: Self.vector([1]), measure: .cosine, limit: 1)
        #expect(throws: FirestoreError.self) { try ListenTarget.listening(to: try Query(collectionID: "v", findNearest: search)) }
        #expect(try ListenTarget.listening(to: try Query(collectionID: "v")) == .query(try Query(collectionID: "v")))
    }
}
