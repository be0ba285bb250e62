import HearthFirestore
import Testing

/// Firestore's total order (reference §3), pinned as ascending pairs.
@Suite("FirestoreValue ordering")
struct FirestoreValueOrderingTests {
    static func ref(_ path: String, project: String = "p", database: String = "(default)") -> FirestoreValue {
        .reference(DocumentName(database: try! DatabaseID(project: project, database: database), path: try! DocumentPath(parsing: path)))
    }

    static func geo(_ latitude: Double, _ longitude: Double) -> FirestoreValue {
        .geoPoint(try! GeoPoint(latitude: latitude, longitude: longitude))
    }

    static func map(_ fields: [String: FirestoreValue]) -> FirestoreValue {
        .map(MapValue(fields: fields))
    }

    static func vector(_ values: [Double]) -> FirestoreValue {
        map(["__type__": .string("__vector__"), "value": .array(values.map(FirestoreValue.double))])
    }

    static func ts(_ seconds: Int64, _ nanos: Int32 = 0) -> FirestoreValue {
        .timestamp(Timestamp(seconds: seconds, nanos: nanos))
    }

    /// Each pair is strictly ascending: compare(a, b) == .ascending and compare(b, a) == .descending.
    static let ascending: [(String, FirestoreValue, FirestoreValue)] = [
        // Type order.
        ("null < false", .null, .boolean(false)),
        ("true < NaN", .boolean(true), .double(.nan)),
        ("true < int min", .boolean(true), .integer(.min)),
        ("number < timestamp", .integer(.max), ts(-62_135_596_800)),
        ("double inf < timestamp", .double(.infinity), ts(0)),
        ("timestamp < string", ts(253_402_300_799), .string("")),
        ("string < bytes", .string("\u{10FFFF}"), .bytes([])),
        ("bytes < reference", .bytes([0xFF]), ref("a/a")),
        ("reference < geopoint", ref("z/z"), geo(-90, -180)),
        ("geopoint < array", geo(90, 180), .array([])),
        ("array < vector", .array([.double(1)]), vector([])),
        ("vector < map", vector([1, 2, 3]), map([:])),
        ("array < map", .array([.null]), map([:])),
        ("null < map", .null, map([:])),
        // Booleans.
        ("false < true", .boolean(false), .boolean(true)),
        // Numbers.
        ("NaN < -inf", .double(.nan), .double(-.infinity)),
        ("NaN < int min", .double(.nan), .integer(.min)),
        ("-inf < int min", .double(-.infinity), .integer(.min)),
        ("int min < -9.2e18+", .integer(.min), .double(-9_223_372_036_854_774_784.0)),
        ("-1e300 < int min", .double(-1e300), .integer(.min)),
        ("int max < 2^63", .integer(.max), .double(9_223_372_036_854_775_808.0)),
        ("int max < inf", .integer(.max), .double(.infinity)),
        ("2^53 double < 2^53+1 int", .double(9_007_199_254_740_992.0), .integer(9_007_199_254_740_993)),
        ("2^53-1 int < 2^53 double", .integer(9_007_199_254_740_991), .double(9_007_199_254_740_992.0)),
        ("1 < 1.5", .integer(1), .double(1.5)),
        ("1.5 < 2", .double(1.5), .integer(2)),
        ("-2 < -1.5", .integer(-2), .double(-1.5)),
        ("-1.5 < -1", .double(-1.5), .integer(-1)),
        ("-0.5 < 0", .double(-0.5), .integer(0)),
        ("0 < 0.5", .integer(0), .double(0.5)),
        ("0 < 5e-324", .integer(0), .double(Double.leastNonzeroMagnitude)),
        ("-1 < 0", .integer(-1), .integer(0)),
        ("1.0 < 1.0000000000000002", .double(1.0), .double(1.0000000000000002)),
        ("int min < int min + 1", .integer(.min), .integer(.min + 1)),
        // Timestamps.
        ("timestamp seconds", ts(0), ts(1)),
        ("timestamp nanos", ts(5, 1), ts(5, 2)),
        ("timestamp negative", ts(-1, 999_999_999), ts(0)),
        // Strings by UTF-8 bytes.
        ("empty string first", .string(""), .string("a")),
        ("prefix first", .string("a"), .string("aa")),
        ("case: Z < a", .string("Z"), .string("a")),
        ("utf8 not utf16: U+FFFD < U+1F600", .string("\u{FFFD}"), .string("😀")),
        ("utf8: é < 😀", .string("é"), .string("😀")),
        ("utf8: ascii < é", .string("z"), .string("é")),
        ("decomposed e+◌́ < precomposed é", .string("e\u{301}"), .string("é")),
        // Bytes.
        ("bytes empty first", .bytes([]), .bytes([0])),
        ("bytes unsigned", .bytes([0x7F]), .bytes([0x80])),
        ("bytes prefix", .bytes([1, 2]), .bytes([1, 2, 0])),
        ("bytes lexicographic before length", .bytes([1, 2, 3]), .bytes([2])),
        // References.
        ("reference segment-wise a/b < a-c/x", ref("a/b"), ref("a-c/x")),
        ("reference prefix first", ref("a/b"), ref("a/b/c/d")),
        ("reference numeric id first", ref("c/__id9__"), ref("c/a")),
        ("reference numeric ids by value", ref("c/__id9__"), ref("c/__id10__")),
        ("reference negative numeric id", ref("c/__id-9223372036854775808__"), ref("c/__id0__")),
        ("reference by project", ref("c/d", project: "a"), ref("c/d", project: "b")),
        ("reference by database", ref("z/z", database: "(default)"), ref("a/a", database: "db2")),
        ("reference document ID bytes", ref("c/A"), ref("c/a")),
        // Geo points.
        ("geo latitude first", geo(-10, 100), geo(10, -100)),
        ("geo longitude second", geo(0, -1), geo(0, 1)),
        // Arrays.
        ("array empty first", .array([]), .array([.null])),
        ("array element-wise", .array([.integer(1), .integer(9)]), .array([.integer(2)])),
        ("array prefix first", .array([.integer(1)]), .array([.integer(1), .integer(0)])),
        ("array element types", .array([.string("z")]), .array([.bytes([])])),
        // Vectors: length first.
        ("vector shorter first", vector([9, 9]), vector([1, 1, 1])),
        ("vector element-wise", vector([1, 2]), vector([1, 3])),
        // Maps.
        ("map empty first", map([:]), map(["a": .null])),
        ("map key before value", map(["a": .integer(9)]), map(["b": .integer(0)])),
        ("map value when keys equal", map(["a": .integer(1)]), map(["a": .integer(2)])),
        ("map fewer keys first", map(["a": .integer(1)]), map(["a": .integer(1), "b": .null])),
        ("map keys by UTF-8", map(["Z": .null]), map(["a": .null])),
        ("map sorted keys compared pairwise", map(["a": .null, "c": .null]), map(["b": .null])),
        ("non-vector __type__ map is a map", vector([1]), map(["__type__": .string("other")])),
    ]

    @Test(arguments: ascending)
    func ascendingPairs(_ name: String, _ lower: FirestoreValue, _ higher: FirestoreValue) {
        #expect(FirestoreValue.compare(lower, higher) == .ascending, "\(name)")
        #expect(FirestoreValue.compare(higher, lower) == .descending, "\(name)")
        #expect(!lower.isEquivalent(to: higher))
    }

    /// Pairs that are equivalent in the order (`.same`); `strictlyEqual` says whether `==` holds too.
    static let equivalent: [(String, FirestoreValue, FirestoreValue, Bool)] = [
        ("1 ~ 1.0", .integer(1), .double(1.0), false),
        ("-0 ~ 0", .double(-0.0), .double(0.0), false),
        ("int 0 ~ -0.0", .integer(0), .double(-0.0), false),
        ("NaN ~ NaN", .double(.nan), .double(.nan), true),
        ("NaN payloads", .double(.nan), .double(Double(nan: 7, signaling: false)), true),
        ("2^53 int ~ 2^53 double", .integer(9_007_199_254_740_992), .double(9_007_199_254_740_992.0), false),
        ("int min ~ -2^63", .integer(.min), .double(-9_223_372_036_854_775_808.0), false),
        ("arrays with 1 and 1.0", .array([.integer(1)]), .array([.double(1)]), false),
        ("maps with 1 and 1.0", map(["a": .integer(1)]), map(["a": .double(1)]), false),
        ("identical maps", map(["a": .array([.null, .string("x")])]), map(["a": .array([.null, .string("x")])]), true),
        ("geo -0", geo(-0.0, 0), geo(0, 0), false),
        ("null", .null, .null, true),
        ("same reference", ref("a/b"), ref("a/b"), true),
    ]

    @Test(arguments: equivalent)
    func equivalentPairs(_ name: String, _ left: FirestoreValue, _ right: FirestoreValue, _ strictlyEqual: Bool) {
        #expect(FirestoreValue.compare(left, right) == .same, "\(name)")
        #expect(FirestoreValue.compare(right, left) == .same, "\(name)")
        #expect(left.isEquivalent(to: right))
        #expect((left == right) == strictlyEqual, "\(name)")
        if strictlyEqual {
            #expect(left.hashValue == right.hashValue)
        }
    }

    @Test func sortingIsConsistentWithPairs() {
        let values: [FirestoreValue] = Self.ascending.flatMap { [$0.1, $0.2] }
        let sorted = values.sorted { FirestoreValue.compare($0, $1) == .ascending }
        for (left, right) in zip(sorted, sorted.dropFirst()) {
            #expect(FirestoreValue.compare(left, right) != .descending)
        }
    }

    @Test func typeOrderRanks() {
        #expect(Self.vector([1]).typeOrder == .vector)
        #expect(Self.map(["value": .array([])]).typeOrder == .map)
        #expect(FirestoreValue.double(.nan).typeOrder == .number)
        #expect(FirestoreValue.TypeOrder.array < .vector)
    }
}
