import HearthFirestore
import HearthJSON
import Testing

@testable import HearthServer

@Suite("FirestoreValueCodec")
struct FirestoreValueCodecTests {
    static let name = try! DocumentName(parsing: "projects/p/databases/(default)/documents/c/d")

    static func decode(_ text: String, at location: String = "document.fields.f") throws -> FirestoreValue {
        try FirestoreValueCodec.decodeValue(try JSONParser.parse(text), at: location)
    }

    static func encode(_ value: FirestoreValue) -> String {
        String(decoding: FirestoreValueCodec.encode(value), as: UTF8.self)
    }

    /// Canonical wire form ↔ value: encode gives exactly this text, and decoding it gives the value back.
    static let canonical: [(FirestoreValue, String)] = [
        (.null, #"{"nullValue":null}"#),
        (.boolean(true), #"{"booleanValue":true}"#),
        (.boolean(false), #"{"booleanValue":false}"#),
        (.integer(0), #"{"integerValue":"0"}"#),
        (.integer(-42), #"{"integerValue":"-42"}"#),
        (.integer(.max), #"{"integerValue":"9223372036854775807"}"#),
        (.integer(.min), #"{"integerValue":"-9223372036854775808"}"#),
        (.double(1.5), #"{"doubleValue":1.5}"#),
        (.double(3), #"{"doubleValue":3}"#),
        (.double(-0.0), #"{"doubleValue":-0}"#),
        (.double(1e300), #"{"doubleValue":1e+300}"#),
        (.double(0.1), #"{"doubleValue":0.1}"#),
        (.double(.infinity), #"{"doubleValue":"Infinity"}"#),
        (.double(-.infinity), #"{"doubleValue":"-Infinity"}"#),
        (.double(.nan), #"{"doubleValue":"NaN"}"#),
        (.timestamp(Timestamp(seconds: 0)), #"{"timestampValue":"1970-01-01T00:00:00Z"}"#),
        (.timestamp(Timestamp(seconds: 1_704_067_200, nanos: 120_000_000)), #"{"timestampValue":"2024-01-01T00:00:00.120Z"}"#),
        (.timestamp(Timestamp(seconds: 1_704_067_200, nanos: 123_456_000)), #"{"timestampValue":"2024-01-01T00:00:00.123456Z"}"#),
        (.string(""), #"{"stringValue":""}"#),
        (.string("a\"b\\c\n/é😀"), #"{"stringValue":"a\"b\\c\n/é😀"}"#),
        (.bytes([]), #"{"bytesValue":""}"#),
        (.bytes([0xFB, 0xFF]), #"{"bytesValue":"+/8="}"#),
        (.bytes(Array("hello".utf8)), #"{"bytesValue":"aGVsbG8="}"#),
        (.bytes([1, 2, 3]), #"{"bytesValue":"AQID"}"#),
        (.reference(name), #"{"referenceValue":"projects/p/databases/(default)/documents/c/d"}"#),
        (.geoPoint(try! GeoPoint(latitude: 0, longitude: 0)), #"{"geoPointValue":{"latitude":0,"longitude":0}}"#),
        (.geoPoint(try! GeoPoint(latitude: -33.5, longitude: 151.25)), #"{"geoPointValue":{"latitude":-33.5,"longitude":151.25}}"#),
        (.array([]), #"{"arrayValue":{}}"#),
        (.array([.integer(1), .string("x")]), #"{"arrayValue":{"values":[{"integerValue":"1"},{"stringValue":"x"}]}}"#),
        (.map(MapValue()), #"{"mapValue":{}}"#),
        (
            .map(MapValue(fields: ["b": .null, "a": .array([]), "é": .boolean(true), "Z": .map(MapValue())])),
            #"{"mapValue":{"fields":{"Z":{"mapValue":{}},"a":{"arrayValue":{}},"b":{"nullValue":null},"é":{"booleanValue":true}}}}"#
        ),
    ]

    @Test(arguments: canonical)
    func encodesAndDecodesCanonicalForm(_ value: FirestoreValue, _ text: String) throws {
        #expect(Self.encode(value) == text)
        #expect(try Self.decode(text) == value)
    }

    /// Lenient inputs clients really send, and what they decode to.
    static let lenient: [(String, FirestoreValue)] = [
        (#"{"nullValue":"NULL_VALUE"}"#, .null),
        (#"{"nullValue":0}"#, .null),
        (#"{"null_value":null}"#, .null),
        (#"{"integerValue":42}"#, .integer(42)),
        (#"{"integerValue":-0}"#, .integer(0)),
        (#"{"integerValue":"-0"}"#, .integer(0)),
        (#"{"integerValue":1.0}"#, .integer(1)),
        (#"{"integerValue":1e2}"#, .integer(100)),
        (#"{"integerValue":"1.5e1"}"#, .integer(15)),
        (#"{"integerValue":9223372036854775807}"#, .integer(.max)),
        (#"{"integerValue":"-9223372036854775808"}"#, .integer(.min)),
        (#"{"integerValue":0e999999}"#, .integer(0)),
        (#"{"integer_value":"7"}"#, .integer(7)),
        (#"{"doubleValue":"NaN"}"#, .double(.nan)),
        (#"{"doubleValue":"-0"}"#, .double(-0.0)),
        (#"{"doubleValue":"1.25"}"#, .double(1.25)),
        (#"{"doubleValue":"1e3"}"#, .double(1000)),
        (#"{"doubleValue":2}"#, .double(2)),
        (#"{"doubleValue":9007199254740993}"#, .double(9_007_199_254_740_992)),
        (#"{"timestampValue":"2024-01-01T00:00:00.123456789Z"}"#, .timestamp(Timestamp(seconds: 1_704_067_200, nanos: 123_456_000))),
        (#"{"timestampValue":"2024-01-01T01:00:00.5+01:00"}"#, .timestamp(Timestamp(seconds: 1_704_067_200, nanos: 500_000_000))),
        (#"{"timestampValue":"2024-01-01t00:00:00z"}"#, .timestamp(Timestamp(seconds: 1_704_067_200))),
        (#"{"bytesValue":"-_8"}"#, .bytes([0xFB, 0xFF])),
        (#"{"bytesValue":"-_8="}"#, .bytes([0xFB, 0xFF])),
        (#"{"bytesValue":"aGVsbG8"}"#, .bytes(Array("hello".utf8))),
        (#"{"geoPointValue":{}}"#, .geoPoint(try! GeoPoint(latitude: 0, longitude: 0))),
        (#"{"geoPointValue":{"latitude":10}}"#, .geoPoint(try! GeoPoint(latitude: 10, longitude: 0))),
        (#"{"geoPointValue":{"longitude":"-180"}}"#, .geoPoint(try! GeoPoint(latitude: 0, longitude: -180))),
        (#"{"arrayValue":{"values":[]}}"#, .array([])),
        (#"{"arrayValue":{"values":null}}"#, .array([])),
        (#"{"mapValue":{"fields":{}}}"#, .map(MapValue())),
        (#"{"mapValue":{"fields":null}}"#, .map(MapValue())),
        (#"{"map_value":{"fields":{"a":{"string_value":"x"}}}}"#, .map(MapValue(fields: ["a": .string("x")]))),
        (#"{"stringValue":null,"integerValue":"3"}"#, .integer(3)),
        (#"{"mapValue":{"fields":{"a":{"integerValue":"1"},"a":{"integerValue":"2"}}}}"#, .map(MapValue(fields: ["a": .integer(2)]))),
    ]

    @Test(arguments: lenient)
    func decodesLenientForms(_ text: String, _ value: FirestoreValue) throws {
        #expect(try Self.decode(text) == value)
    }

    /// Rejected inputs: the text, a fragment of the message, and the location it must name.
    static let rejected: [(String, String, String)] = [
        (#"{}"#, "must set exactly one of", "'document.fields.f'"),
        (#"{"stringValue":null}"#, "must set exactly one of", "'document.fields.f'"),
        (#"{"integerValue":"1","stringValue":"x"}"#, "oneof field 'value_type' is already set. Cannot set 'stringValue'", "'document.fields.f'"),
        (#"{"integerValue":"1","integerValue":"2"}"#, "already set", "'document.fields.f'"),
        (#"{"foo":1}"#, #"Invalid JSON payload received. Unknown name "foo" at 'document.fields.f': Cannot find field."#, "foo"),
        (#"[]"#, "expected an object, found []", "'document.fields.f'"),
        (#""x""#, "expected an object", "'document.fields.f'"),
        (#"{"nullValue":"NULL"}"#, "is not a valid NullValue", "(nullValue)"),
        (#"{"nullValue":1}"#, "is not a valid NullValue", "(nullValue)"),
        (#"{"booleanValue":"true"}"#, #""true" is not a boolean"#, "(booleanValue)"),
        (#"{"integerValue":"abc"}"#, #"Invalid value at 'document.fields.f' (integerValue): "abc" is not a valid 64-bit integer"#, "f"),
        (#"{"integerValue":"1.5"}"#, "is not a valid 64-bit integer", "(integerValue)"),
        (#"{"integerValue":1.5}"#, "is not a valid 64-bit integer", "(integerValue)"),
        (#"{"integerValue":1e400}"#, "is not a valid 64-bit integer", "(integerValue)"),
        (#"{"integerValue":"9223372036854775808"}"#, "is not a valid 64-bit integer", "(integerValue)"),
        (#"{"integerValue":"-9223372036854775809"}"#, "is not a valid 64-bit integer", "(integerValue)"),
        (#"{"integerValue":" 1"}"#, "is not a valid 64-bit integer", "(integerValue)"),
        (#"{"integerValue":"+1"}"#, "is not a valid 64-bit integer", "(integerValue)"),
        (#"{"integerValue":true}"#, "is not a valid 64-bit integer", "(integerValue)"),
        (#"{"doubleValue":"abc"}"#, "is not a valid double", "(doubleValue)"),
        (#"{"doubleValue":"nan"}"#, "is not a valid double", "(doubleValue)"),
        (#"{"doubleValue":1e400}"#, "is not a valid double", "(doubleValue)"),
        (#"{"doubleValue":true}"#, "is not a valid double", "(doubleValue)"),
        (#"{"timestampValue":"2024-01-01"}"#, "Invalid timestamp", "(timestampValue)"),
        (#"{"timestampValue":"0000-01-01T00:00:00Z"}"#, "Invalid timestamp", "(timestampValue)"),
        (#"{"timestampValue":1}"#, "is not an RFC 3339 string", "(timestampValue)"),
        (#"{"stringValue":1}"#, "1 is not a string", "(stringValue)"),
        (#"{"bytesValue":"a"}"#, #"(TYPE_BYTES), Base64 decoding failed for "a""#, "'document.fields.f'"),
        (#"{"bytesValue":"a$=="}"#, "Base64 decoding failed", "(TYPE_BYTES)"),
        // Issue 35 item 10: padding, where given, must end the text on a multiple of four.
        (#"{"bytesValue":"aGk=="}"#, "Base64 decoding failed", "(TYPE_BYTES)"),
        (#"{"bytesValue":"aGVhcnRo="}"#, "Base64 decoding failed", "(TYPE_BYTES)"),
        (#"{"bytesValue":"aGVhcnRo=="}"#, "Base64 decoding failed", "(TYPE_BYTES)"),
        (#"{"bytesValue":"aG=k"}"#, "Base64 decoding failed", "(TYPE_BYTES)"),
        (#"{"bytesValue":[1]}"#, "is not a string", "(bytesValue)"),
        (#"{"referenceValue":"c/d"}"#, "Invalid document name", "(referenceValue)"),
        (#"{"referenceValue":"projects/p/databases/(default)/documents/c"}"#, "even number of segments", "(referenceValue)"),
        (#"{"geoPointValue":{"latitude":91}}"#, "Latitude must be in the range of [-90, 90]", "(geoPointValue)"),
        (#"{"geoPointValue":{"longitude":-180.5}}"#, "Longitude must be in the range of [-180, 180]", "(geoPointValue)"),
        (#"{"geoPointValue":{"latitude":"NaN"}}"#, "Latitude must be in the range", "(geoPointValue)"),
        (#"{"geoPointValue":{"lat":1}}"#, #"Unknown name "lat""#, "'document.fields.f.geoPointValue'"),
        (#"{"geoPointValue":{"latitude":true}}"#, "latitude true is not a valid double", "(geoPointValue)"),
        (#"{"geoPointValue":[]}"#, "expected an object", "(geoPointValue)"),
        (#"{"arrayValue":[]}"#, "expected an object", "(arrayValue)"),
        (#"{"arrayValue":{"value":[]}}"#, #"Unknown name "value""#, "'document.fields.f.arrayValue'"),
        (#"{"arrayValue":{"values":{}}}"#, "expected an array of Values", "'document.fields.f.arrayValue.values'"),
        (#"{"arrayValue":{"values":[{"nullValue":null},{"integerValue":"x"}]}}"#, "is not a valid 64-bit integer", "'document.fields.f.arrayValue.values[1]'"),
        (#"{"mapValue":[]}"#, "expected an object", "(mapValue)"),
        (#"{"mapValue":{"field":{}}}"#, #"Unknown name "field""#, "'document.fields.f.mapValue'"),
        (#"{"mapValue":{"fields":[]}}"#, "expected an object mapping field names to Values", "'document.fields.f.mapValue.fields'"),
        (#"{"mapValue":{"fields":{"x":{"bogus":1}}}}"#, "Unknown name \"bogus\"", "'document.fields.f.mapValue.fields.x'"),
        (
            #"{"mapValue":{"fields":{"x":{"arrayValue":{"values":[{"mapValue":{"fields":{"y":{}}}}]}}}}}"#,
            "must set exactly one of", "'document.fields.f.mapValue.fields.x.arrayValue.values[0].mapValue.fields.y'"
        ),
        (#"{"fieldReferenceValue":"a"}"#, "pipeline-only", "(fieldReferenceValue)"),
    ]

    @Test(arguments: rejected)
    func rejects(_ text: String, _ message: String, _ location: String) {
        #expect {
            try Self.decode(text)
        } throws: { error in
            guard let error = error as? FirestoreError else { return false }
            return error.code == .invalidArgument && error.message.contains(message) && error.message.contains(location)
        }
    }

    @Test func decodesFields() throws {
        #expect(try FirestoreValueCodec.decodeFields(nil, at: "document.fields").isEmpty)
        #expect(try FirestoreValueCodec.decodeFields(.null, at: "document.fields").isEmpty)
        let fields = try FirestoreValueCodec.decodeFields(
            try JSONParser.parse(#"{"age":{"integerValue":"5"},"name":{"stringValue":"x"}}"#), at: "document.fields")
        #expect(fields == MapValue(fields: ["age": .integer(5), "name": .string("x")]))
        #expect {
            try FirestoreValueCodec.decodeFields(try JSONParser.parse(#"{"age":{"integerValue":"abc"}}"#), at: "document.fields")
        } throws: { error in
            (error as? FirestoreError)?.message
                == #"Invalid value at 'document.fields.age' (integerValue): "abc" is not a valid 64-bit integer"#
        }
        #expect(throws: FirestoreError.self) {
            try FirestoreValueCodec.decodeFields(.string("x"), at: "document.fields")
        }
    }

    @Test func encodesFieldsSortedByUTF8() {
        var writer = JSONWriter()
        FirestoreValueCodec.encodeFields(
            MapValue(fields: ["😀": .null, "b": .integer(1), "A": .boolean(true), "\u{FFFD}": .null]), into: &writer)
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"A":{"booleanValue":true},"b":{"integerValue":"1"},"�":{"nullValue":null},"😀":{"nullValue":null}}"#
        )
    }

    @Test func roundTripsDeepStructures() throws {
        var value = FirestoreValue.map(MapValue(fields: ["leaf": .bytes(Array(0...255))]))
        for index in 0..<19 {
            value = index % 2 == 0 ? .array([value, .double(.nan), .timestamp(.max.truncatedToMicroseconds())]) : .map(MapValue(fields: ["k\(index)": value]))
        }
        let text = Self.encode(value)
        #expect(try Self.decode(text) == value)
    }

    @Test func base64RoundTripsEveryLength() throws {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(($0 * 37 + 11) % 256) }
            let encoded = Base64.encode(bytes)
            #expect(encoded.utf8.count % 4 == 0)
            #expect(Base64.decode(encoded) == bytes)
            let unpadded = String(encoded.prefix { $0 != "=" })
            let urlSafe = String(unpadded.map { $0 == "+" ? "-" : ($0 == "/" ? "_" : $0) })
            #expect(Base64.decode(urlSafe) == bytes)
        }
    }
}
