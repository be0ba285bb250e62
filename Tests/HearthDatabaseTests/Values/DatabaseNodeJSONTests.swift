import HearthDatabase
import HearthJSON
import Testing

@Suite struct DatabaseNodeJSONTests {
    /// Input JSON → normal output → export output.
    @Test(arguments: [
        ("1", "1", "1"),
        ("1.0", "1", "1"),
        ("1.5", "1.5", "1.5"),
        ("1e2", "100", "100"),
        ("-0", "0", "0"),
        ("9007199254740993", "9007199254740993", "9007199254740993"),
        ("12345678901234567890", "1.2345678901234567e+19", "1.2345678901234567e+19"),
        ("\"é漢\\n\"", "\"é漢\\n\"", "\"é漢\\n\""),
        ("true", "true", "true"),
        ("null", "null", "null"),
        ("{}", "null", "null"),
        ("[]", "null", "null"),
        ("{\"a\":null}", "null", "null"),
        ("{\"a\":{\"b\":{}}}", "null", "null"),
        ("{\"b\":1,\"a\":2,\"10\":3,\"9\":4,\"-1\":5}", "{\"-1\":5,\"9\":4,\"10\":3,\"a\":2,\"b\":1}", "{\"-1\":5,\"9\":4,\"10\":3,\"a\":2,\"b\":1}"),
        ("[\"a\",\"b\"]", "[\"a\",\"b\"]", "{\"0\":\"a\",\"1\":\"b\"}"),
        ("[\"a\",null,\"c\"]", "[\"a\",null,\"c\"]", "{\"0\":\"a\",\"2\":\"c\"}"),
        ("{\"1\":\"x\"}", "[null,\"x\"]", "{\"1\":\"x\"}"),
        ("{\"2\":\"x\"}", "{\"2\":\"x\"}", "{\"2\":\"x\"}"),
        ("{\"0\":1,\"3\":2}", "[1,null,null,2]", "{\"0\":1,\"3\":2}"),
        ("{\"0\":1,\"4\":2}", "{\"0\":1,\"4\":2}", "{\"0\":1,\"4\":2}"),
        ("{\"01\":1,\"0\":2}", "{\"0\":2,\"01\":1}", "{\"0\":2,\"01\":1}"),
        ("{\"1\":{\"11\":{\"111\":42}}}", "[null,{\"11\":{\"111\":42}}]", "{\"1\":{\"11\":{\"111\":42}}}"),
        ("{\".value\":5,\".priority\":1}", "5", "{\".value\":5,\".priority\":1}"),
        ("{\"a\":1,\".priority\":\"p\"}", "{\"a\":1}", "{\"a\":1,\".priority\":\"p\"}"),
        ("{\".priority\":3}", "null", "null"),
        ("{\".value\":null,\"a\":1}", "{\"a\":1}", "{\"a\":1}"),
        ("{\"a\":1,\"a\":2}", "{\"a\":2}", "{\"a\":2}"),
    ])
    func roundTrips(_ input: String, _ normal: String, _ export: String) throws {
        let node = try DatabaseNode(json: JSONParser.parse(input))
        #expect(Fixture.text(node) == normal)
        #expect(Fixture.text(node, .export) == export)
    }

    @Test(arguments: [
        ("{\"a.b\":1}", "Invalid data; couldn't parse key beginning at 1:2. Key value can't be empty or contain $ # [ ] / or ."),
        ("{\"ok\":{\"x\":1},\n  \"b$\":2}", "Invalid data; couldn't parse key beginning at 2:3. Key value can't be empty or contain $ # [ ] / or ."),
        ("{\"é\":{\"\":1}}", "Invalid data; couldn't parse key beginning at 1:7. Key value can't be empty or contain $ # [ ] / or ."),
        ("[{\"a/b\":1}]", "Invalid data; couldn't parse key beginning at 1:3. Key value can't be empty or contain $ # [ ] / or ."),
        ("{\"s\":\"x\\\":y\",\"#\":1}", "Invalid data; couldn't parse key beginning at 1:14. Key value can't be empty or contain $ # [ ] / or ."),
        ("{\".foo\":1}", "Invalid data; couldn't parse key beginning at 1:2. Key value can't be empty or contain $ # [ ] / or ."),
        ("", "Invalid data; couldn't parse JSON object, array, or value."),
        ("{a:1}", "Invalid data; couldn't parse JSON object, array, or value."),
        ("1e400", "Invalid data; number is out of range"),
        ("{\".value\":1,\"a\":2}", "Invalid data; contains .value child as well as other children"),
        ("{\"a\":1,\".priority\":true}", "Invalid data; priority must be a valid string, finite number, server value, or null"),
        ("{\".sv\":\"later\"}", "Invalid data; invalid server value: expected \"timestamp\" or {\"increment\": <number>}"),
        ("{\".sv\":{\"increment\":\"1\"}}", "Invalid data; invalid server value: expected \"timestamp\" or {\"increment\": <number>}"),
    ])
    func rejectsBodiesWithFirebaseText(_ body: String, _ message: String) {
        #expect(Fixture.message { _ = try DatabaseWriteData(body: Array(body.utf8)) } == message)
    }

    @Test func keyPositionsWithoutTheBodyUseTheCompactText() {
        let json: JSONValue = ["ok": 1, "bad]": 2]
        #expect(Fixture.message { _ = try DatabaseNode(json: json) }?.contains("beginning at 1:9.") == true)
    }

    @Test func importsRefuseServerValues() {
        #expect(Fixture.message { _ = try DatabaseNode(json: ["t": [".sv": "timestamp"]]) } == "Invalid data; server values are not allowed here")
    }

    @Test func leafBecomesObjectKeepingItsPriorityAndEmptyObjectLosesIt() {
        var node = Fixture.node("{\".value\":1,\".priority\":2}")
        node.set(Fixture.node("true"), at: Fixture.path("/a"))
        #expect(Fixture.text(node, .export) == "{\"a\":true,\".priority\":2}")
        node.set(.empty, at: Fixture.path("/a"))
        #expect(node.isEmpty)
        #expect(node.priority == nil)
    }

    @Test func settingDeepCreatesAndDeletingPrunesAncestors() {
        var node = DatabaseNode.empty
        node.set(Fixture.node("1"), at: Fixture.path("/a/b/c"))
        node.set(Fixture.node("2"), at: Fixture.path("/x"))
        #expect(Fixture.text(node) == "{\"a\":{\"b\":{\"c\":1}},\"x\":2}")
        node.set(.empty, at: Fixture.path("/a/b/c"))
        #expect(Fixture.text(node) == "{\"x\":2}")
        node.set(.empty, at: Fixture.path("/x/y"))
        #expect(Fixture.text(node) == "{\"x\":2}")
        #expect(node.child(at: Fixture.path("/x/y")).isEmpty)
    }

    @Test func depthCountsLevelsBelowTheNode() {
        #expect(Fixture.node("1").depth == 0)
        #expect(Fixture.node("{\"a\":{\"b\":1},\"c\":2}").depth == 2)
        #expect(Fixture.data("{\"a\":{\"b\":{\".sv\":\"timestamp\"}}}").depth == 2)
    }
}
