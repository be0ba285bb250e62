import HearthJSON
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    static let escapes: [(String, String)] = [
        ("plain", "\"plain\""),
        ("a\"b", "\"a\\\"b\""),
        ("a\\b", "\"a\\\\b\""),
        ("a/b", "\"a/b\""),
        ("line\nbreak", "\"line\\nbreak\""),
        ("\r\t\u{8}\u{C}", "\"\\r\\t\\b\\f\""),
        ("\u{0}\u{1}\u{1F}", "\"\\u0000\\u0001\\u001f\""),
        ("\u{7F}", "\"\u{7F}\""),
        ("é€😀", "\"é€😀\""),
        ("\u{2028}", "\"\u{2028}\""),
        ("", "\"\""),
    ]

    @Test(arguments: escapes)
    func escapesStrings(_ input: String, _ expected: String) throws {
        var writer = JSONWriter()
        writer.string(input)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        #expect(try JSONParser.parse(writer.bytes) == .string(input))
    }

    @Test func insertsSeparators() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.integer(1)
        writer.key("b")
        writer.beginArray()
        writer.bool(true)
        writer.null()
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.double(1.5)
        writer.endArray()
        writer.key("c")
        writer.rawValue(Array("{\"x\":[1]}".utf8))
        writer.key("d")
        writer.number(JSONNumber(text: "1e400")!)
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":1,"b":[true,null,{},[],1.5],"c":{"x":[1]},"d":1e400}"#)
    }

    @Test func prettyPrints() {
        let value: JSONValue = ["a": 1, "b": [true, [:], []], "c": ["d": "e"]]
        let expected = """
            {
              "a": 1,
              "b": [
                true,
                {},
                []
              ],
              "c": {
                "d": "e"
              }
            }
            """
        #expect(value.serializedString(pretty: true) == expected)
    }

    static let integers: [(Int64, String)] = [
        (0, "0"), (7, "7"), (-1, "-1"), (10, "10"), (Int64.max, "9223372036854775807"),
        (Int64.min, "-9223372036854775808"),
    ]

    @Test(arguments: integers)
    func writesIntegers(_ value: Int64, _ expected: String) {
        var writer = JSONWriter()
        writer.integer(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test func nonFiniteDoubleIsNull() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.double(.nan)
        writer.double(.infinity)
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[null,null]")
    }

    static let roundTrips: [String] = [
        #"{"a":[1,2.5,-0,1e400,"x\ny"],"b":{"c":null,"d":true,"e":false},"a":"dup"}"#,
        #"[]"#,
        #"[[[[{}]]]]"#,
        #""\u0000\u001f\"\\/é😀""#,
        #"12345678901234567890"#,
    ]

    @Test(arguments: roundTrips)
    func roundTripsCompactText(_ text: String) throws {
        let value = try JSONParser.parse(text)
        let reparsed = try JSONParser.parse(value.serialized())
        #expect(reparsed == value)
        let pretty = try JSONParser.parse(value.serialized(pretty: true))
        #expect(pretty == value)
    }
}
