import HearthJSON
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test func conveniences() {
        let value: JSONValue = ["s": "x", "n": 1, "b": true, "a": [nil], "o": [:], "z": nil]
        let object = value.objectValue
        #expect(object?["s"]?.stringValue == "x")
        #expect(object?["n"]?.numberValue?.int64Value == 1)
        #expect(object?["b"]?.boolValue == true)
        #expect(object?["a"]?.arrayValue == [.null])
        #expect(object?["o"]?.objectValue?.isEmpty == true)
        #expect(object?["z"]?.isNull == true)
        #expect(object?["missing"] == nil)
        #expect(value.stringValue == nil)
        #expect(JSONValue.string("x").objectValue == nil)
        #expect(JSONValue.null.typeName == "null")
    }

    @Test func objectAppendAndDuplicates() {
        var object = JSONObject()
        #expect(object.firstDuplicateKey == nil)
        object.append(key: "a", value: 1)
        object.append(key: "b", value: 2)
        #expect(object.firstDuplicateKey == nil)
        object.append(key: "a", value: 3)
        #expect(object.firstDuplicateKey == "a")
        #expect(object["a"] == 1)
        #expect(Array(object).map(\.key) == ["a", "b", "a"])
    }
}
