import HearthFirestore
import Testing

@Suite("MapValue field paths")
struct MapValueTests {
    static func path(_ text: String) -> FieldPath { try! FieldPath(parsing: text) }

    static let sample = MapValue(fields: [
        "a": .integer(1),
        "m": .map(MapValue(fields: ["x": .string("y"), "n": .map(MapValue(fields: ["deep": .boolean(true)]))])),
        "s": .string("text"),
    ])

    @Test func readsNestedValues() {
        #expect(Self.sample.value(at: Self.path("a")) == .integer(1))
        #expect(Self.sample.value(at: Self.path("m.x")) == .string("y"))
        #expect(Self.sample.value(at: Self.path("m.n.deep")) == .boolean(true))
        #expect(Self.sample.value(at: Self.path("m.missing")) == nil)
        #expect(Self.sample.value(at: Self.path("s.x")) == nil)
        #expect(Self.sample.value(at: Self.path("a.b")) == nil)
        #expect(Self.sample.value(at: FieldPath(segments: [])) == nil)
    }

    @Test func setsValuesCreatingAndReplacingIntermediates() {
        var map = Self.sample
        map.setValue(.integer(2), at: Self.path("m.n.deep"))
        #expect(map.value(at: Self.path("m.n.deep")) == .integer(2))
        #expect(map.value(at: Self.path("m.x")) == .string("y"))
        map.setValue(.null, at: Self.path("new.a.b"))
        #expect(map.value(at: Self.path("new")) == .map(MapValue(fields: ["a": .map(MapValue(fields: ["b": .null]))])))
        map.setValue(.integer(3), at: Self.path("s.inner"))
        #expect(map["s"] == .map(MapValue(fields: ["inner": .integer(3)])))
        map.setValue(.boolean(false), at: Self.path("a"))
        #expect(map["a"] == .boolean(false))
    }

    @Test func removesValues() {
        var map = Self.sample
        map.removeValue(at: Self.path("m.n.deep"))
        #expect(map.value(at: Self.path("m.n")) == .map(MapValue()))
        map.removeValue(at: Self.path("m.missing.x"))
        map.removeValue(at: Self.path("s.x"))
        #expect(map["s"] == .string("text"))
        map.removeValue(at: Self.path("a"))
        #expect(map["a"] == nil)
        #expect(map.count == 2)
    }

    @Test func projectsOntoMasks() {
        #expect(Self.sample.projected(onto: []).isEmpty)
        #expect(Self.sample.projected(onto: [Self.path("a")]) == MapValue(fields: ["a": .integer(1)]))
        #expect(
            Self.sample.projected(onto: [Self.path("m.x"), Self.path("missing"), Self.path("s.deeper")])
                == MapValue(fields: ["m": .map(MapValue(fields: ["x": .string("y")]))])
        )
        #expect(Self.sample.projected(onto: [Self.path("m"), Self.path("m.x")]).value(at: Self.path("m.n.deep")) == .boolean(true))
    }

    @Test func sortedKeysUseUTF8() {
        let map = MapValue(fields: ["b": .null, "a": .null, "é": .null, "Z": .null, "😀": .null, "\u{FFFD}": .null])
        #expect(map.sortedKeys == ["Z", "a", "b", "é", "\u{FFFD}", "😀"])
    }

    @Test func vectors() {
        let vector = MapValue(fields: ["__type__": .string("__vector__"), "value": .array([.double(1)])])
        #expect(vector.vectorValues == [.double(1)])
        #expect(MapValue(fields: ["__type__": .string("__vector__")]).vectorValues == nil)
        #expect(MapValue(fields: ["__type__": .string("x"), "value": .array([])]).vectorValues == nil)
    }
}

@Suite("FirestoreValue equality")
struct FirestoreValueEqualityTests {
    @Test func strictEquality() {
        #expect(FirestoreValue.integer(1) != .double(1))
        #expect(FirestoreValue.double(0) != .double(-0.0))
        #expect(FirestoreValue.double(.nan) == .double(.nan))
        #expect(FirestoreValue.string("é") != .string("e\u{301}"))
        #expect(FirestoreValue.string("é") == .string("é"))
        #expect(FirestoreValue.array([.double(.nan)]) == .array([.double(.nan)]))
        let set: Set<FirestoreValue> = [.double(.nan), .double(.nan), .integer(1), .double(1)]
        #expect(set.count == 3)
        let document = MapValue(fields: ["x": .double(.nan), "m": .map(MapValue(fields: ["a": .bytes([1])]))])
        #expect(document == document)
    }
}

@Suite("FirestoreValue description")
struct FirestoreValueDescriptionTests {
    static let cases: [(FirestoreValue, String)] = [
        (.null, "null"),
        (.boolean(true), "true"),
        (.integer(1), "1"),
        (.double(1), "1.0"),
        (.double(.nan), "nan"),
        (.string("a\"b"), "\"a\\\"b\""),
        (.bytes([0x0A, 0xFF]), "b\"0aff\""),
        (.timestamp(Timestamp(seconds: 0)), "@1970-01-01T00:00:00Z"),
        (.array([.integer(1), .string("x")]), "[1, \"x\"]"),
        (.map(MapValue(fields: ["b": .null, "a c": .integer(2)])), "{`a c`: 2, b: null}"),
    ]

    @Test(arguments: cases)
    func describes(_ value: FirestoreValue, _ text: String) {
        #expect(value.description == text)
    }
}
