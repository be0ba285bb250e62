import HearthFirestore
import Testing

@Suite struct DocumentBinaryCodecTests {
    static let everyType: MapValue = {
        var fields = MapValue()
        let values: [String: FirestoreValue] = [
            "null": .null, "t": .boolean(true), "f": .boolean(false), "min": .integer(.min), "max": .integer(.max), "neg": .integer(-3),
            "d": .double(-0.0), "nan": .double(.nan), "inf": .double(.infinity), "ts": .timestamp(Timestamp(seconds: -62_135_596_800, nanos: 999_000)),
            "s": .string("héllo\u{0}"), "b": .bytes([0, 255, 7]), "ref": .reference(DocumentName(database: Fixture.database, path: Fixture.doc("c/d"))),
            "geo": .geoPoint(try! GeoPoint(latitude: -90, longitude: 180)),
            "arr": .array([.integer(1), .map(MapValue(fields: ["x": .array([])]))]), "map": .map(MapValue(fields: ["": .null, "k": .string("v")])),
        ]
        for (key, value) in values { fields.setValue(value, at: FieldPath(segments: [key])) }
        return fields
    }()

    @Test func everyValueTypeRoundTripsExactly() throws {
        let document = Document(path: Fixture.doc("a/b/c/d"), fields: Self.everyType, createTime: Timestamp(seconds: 1, nanos: 2000), updateTime: Timestamp(seconds: 3, nanos: 4000))
        let decoded = try DocumentBinaryCodec.decode(DocumentBinaryCodec.encode(document), path: document.path)
        #expect(decoded == document)
    }

    @Test func truncatedOrCorruptBytesAreDataLossNotCrashes() {
        let document = Document(path: Fixture.doc("c/d"), fields: Self.everyType, createTime: Timestamp(seconds: 1), updateTime: Timestamp(seconds: 1))
        let bytes = DocumentBinaryCodec.encode(document)
        for cut in stride(from: 0, to: bytes.count - 1, by: 7) {
            #expect(throws: FirestoreError.self) { try DocumentBinaryCodec.decode(Array(bytes[..<cut]), path: document.path) }
        }
        var garbage = bytes
        garbage[0] = 99
        #expect { try DocumentBinaryCodec.decode(garbage, path: document.path) } throws: { ($0 as? FirestoreError)?.code == .dataLoss }
    }

    @Test func restoreLoadsSortedCollectionsAndMovesTheClockPastThem() throws {
        let store = DocumentStore(database: Fixture.database, now: { Timestamp(seconds: 10) })
        let documents = ["c/b", "c/a", "c/__id3__", "p/1/sub/x"].map {
            Document(path: Fixture.doc($0), fields: MapValue(), createTime: Timestamp(seconds: 50), updateTime: Timestamp(seconds: 50))
        }
        store.restore(documents)
        #expect(store.list(try ListDocumentsRequest(collection: Fixture.collection("c"))).entries.map(\.path.id) == ["__id3__", "a", "b"])
        #expect(store.list(try ListDocumentsRequest(collection: Fixture.collection("p"), showMissing: true)).entries.map(\.path.id) == ["1"])
        #expect(try store.commit([Fixture.set("c/new")]).commitTime > Timestamp(seconds: 50))
    }
}
