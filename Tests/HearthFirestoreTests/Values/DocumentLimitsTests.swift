import HearthFirestore
import Testing

@Suite("Storage size and write validation")
struct DocumentLimitsTests {
    static let name = try! DocumentName(parsing: "projects/p/databases/(default)/documents/users/jeff")

    static func nested(_ depth: Int, leaf: FirestoreValue?) -> FirestoreValue {
        var value: FirestoreValue = .map(MapValue(fields: leaf.map { ["leaf": $0] } ?? [:]))
        for _ in 1..<depth { value = .map(MapValue(fields: ["m": value])) }
        return value
    }

    static let sizes: [(String, FirestoreValue, Int)] = [
        ("null", .null, 1),
        ("bool", .boolean(true), 1),
        ("int", .integer(5), 8),
        ("double", .double(1.5), 8),
        ("timestamp", .timestamp(Timestamp(seconds: 0)), 8),
        ("geo", .geoPoint(try! GeoPoint(latitude: 1, longitude: 2)), 16),
        ("string", .string("Hello"), 6),
        ("utf8 string", .string("é😀"), 7),
        ("bytes", .bytes([1, 2, 3]), 3),
        ("reference", .reference(name), 16 + 6 + 5),
        ("array", .array([.string("a"), .integer(1), .null]), 2 + 8 + 1),
        ("map", .map(MapValue(fields: ["ab": .integer(1), "c": .boolean(false)])), 3 + 8 + 2 + 1),
    ]

    @Test(arguments: sizes)
    func valueSizes(_ label: String, _ value: FirestoreValue, _ size: Int) {
        #expect(value.storageSize == size, "\(label)")
    }

    /// The worked example from Firestore's "storage size" page: a `tasks` document.
    @Test func documentSizeExample() throws {
        let name = try DocumentName(parsing: "projects/p/databases/(default)/documents/users/jeff/tasks/my_task_id")
        #expect(name.storageSize == 6 + 5 + 6 + 11 + 16)  // 44, as in the docs
        let fields = MapValue(fields: [
            "type": .string("Personal"),
            "done": .boolean(false),
            "priority": .integer(1),
            "description": .string("Learn Cloud Firestore"),
        ])
        // Fields: 5+9, 5+1, 9+8, 12+22 = 71; document = 44 + 71 + 32 = 147 (the docs' total).
        #expect(fields.fieldsStorageSize == 71)
        #expect(fields.storageSize(documentName: name) == 147)
    }

    @Test func nestingDepth() {
        #expect(FirestoreValue.integer(1).nestingDepth == 1)
        #expect(FirestoreValue.array([]).nestingDepth == 1)
        #expect(FirestoreValue.array([.integer(1)]).nestingDepth == 2)
        #expect(Self.nested(3, leaf: nil).nestingDepth == 3)
        #expect(Self.nested(3, leaf: .null).nestingDepth == 4)
        #expect(MapValue(fields: ["a": .map(MapValue(fields: ["b": .integer(1)]))]).nestingDepth == 2)
        #expect(MapValue().nestingDepth == 0)
    }

    @Test func acceptsTwentyLevels() throws {
        try MapValue(fields: ["top": Self.nested(20, leaf: nil)]).validateForWrite(documentName: Self.name)
        try MapValue(fields: ["top": Self.nested(19, leaf: .integer(1))]).validateForWrite(documentName: Self.name)
    }

    @Test func rejectsTwentyOneLevels() {
        let tooDeep = MapValue(fields: ["top": Self.nested(20, leaf: .integer(1))])
        #expect(tooDeep.nestingDepth == 21)
        expectInvalid(tooDeep, "exceeds the maximum nesting depth of 20", "top.m.m")
        let arrays = MapValue(fields: ["a": Self.nested(19, leaf: .array([.integer(1)]))])
        expectInvalid(arrays, "exceeds the maximum nesting depth of 20", "leaf[0]")
    }

    static let invalidKeys: [(MapValue, String, String)] = [
        (MapValue(fields: ["": .null]), "must not be empty", "the document"),
        (MapValue(fields: ["__x__": .null]), "is reserved", "'__x__'"),
        (MapValue(fields: ["m": .map(MapValue(fields: ["__name__": .null]))]), "is reserved", "in 'm'"),
        (MapValue(fields: ["a": .array([.map(MapValue(fields: ["": .null]))])]), "must not be empty", "'a[0]'"),
        (MapValue(fields: [String(repeating: "k", count: 1501): .null]), "longer than 1500 bytes", "Field name"),
        (MapValue(fields: ["__type__": .string("__vector__"), "value": .array([]), "x": .null]), "is reserved", "__type__"),
    ]

    @Test(arguments: invalidKeys)
    func rejectsInvalidKeys(_ fields: MapValue, _ message: String, _ location: String) {
        expectInvalid(fields, message, location)
    }

    @Test func acceptsOddButValidKeys() throws {
        try MapValue(fields: ["__x": .null, "x__": .null, "__": .null, "a b": .null, "é": .null])
            .validateForWrite(documentName: Self.name)
        let vector = MapValue(fields: ["__type__": .string("__vector__"), "value": .array([.double(1)])])
        try MapValue(fields: ["embedding": .map(vector)]).validateForWrite(documentName: Self.name)
    }

    @Test func rejectsArraysInArrays() {
        expectInvalid(MapValue(fields: ["a": .array([.integer(1), .array([])])]), "directly inside another array", "a[1]")
        expectInvalid(
            MapValue(fields: ["m": .map(MapValue(fields: ["b c": .array([.array([.null])])]))]),
            "directly inside another array", "m.`b c`[0]"
        )
    }

    @Test func allowsArraysInMapsInArrays() throws {
        try MapValue(fields: ["a": .array([.map(MapValue(fields: ["b": .array([.null])]))])])
            .validateForWrite(documentName: Self.name)
    }

    @Test func rejectsOversizedDocuments() throws {
        // name 27 + field "s" 2 + string (n + 1) + 32 = n + 62.
        let limit = FirestoreLimits.maxDocumentSize
        let fits = MapValue(fields: ["s": .string(String(repeating: "x", count: limit - 62))])
        #expect(fits.storageSize(documentName: Self.name) == limit)
        try fits.validateForWrite(documentName: Self.name)
        let tooBig = MapValue(fields: ["s": .string(String(repeating: "x", count: limit - 61))])
        expectInvalid(tooBig, "its size (1,048,577 bytes) exceeds the maximum allowed size of 1,048,576 bytes", "users/jeff")
    }

    @Test func stringNameOverload() throws {
        try MapValue(fields: ["a": .null]).validateForWrite(documentName: Self.name.description)
        #expect(throws: FirestoreError.self) { try MapValue().validateForWrite(documentName: "not/a/name") }
    }

    private func expectInvalid(_ fields: MapValue, _ message: String, _ location: String) {
        #expect {
            try fields.validateForWrite(documentName: Self.name)
        } throws: { error in
            guard let error = error as? FirestoreError else { return false }
            return error.code == .invalidArgument && error.message.contains(message) && error.message.contains(location)
        }
    }
}
