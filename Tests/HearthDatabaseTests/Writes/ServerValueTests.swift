import HearthDatabase
import Testing

@Suite struct ServerValueTests {
    static let now: Int64 = 1_700_000_000_123

    /// Body, existing value at the write location, resolved result (normal JSON).
    @Test(arguments: [
        ("{\".sv\":\"timestamp\"}", "null", "1700000000123"),
        ("{\"t\":{\".sv\":\"timestamp\"},\"n\":1}", "null", "{\"n\":1,\"t\":1700000000123}"),
        ("{\".sv\":{\"increment\":1}}", "41", "42"),
        ("{\".sv\":{\"increment\":1}}", "null", "1"),
        ("{\".sv\":{\"increment\":2}}", "\"text\"", "2"),
        ("{\".sv\":{\"increment\":2}}", "{\"a\":1}", "2"),
        ("{\".sv\":{\"increment\":0.5}}", "1", "1.5"),
        ("{\".sv\":{\"increment\":0.5}}", "1.5", "2"),
        ("{\".sv\":{\"increment\":-3}}", "1", "-2"),
        ("{\".sv\":{\"increment\":1}}", "9223372036854775807", "9.223372036854776e+18"),
        ("{\"a\":{\".sv\":{\"increment\":1}},\"b\":{\".sv\":{\"increment\":1}}}", "{\"a\":10}", "{\"a\":11,\"b\":1}"),
        ("[{\".sv\":\"timestamp\"}]", "null", "[1700000000123]"),
    ])
    func resolves(_ body: String, _ existing: String, _ expected: String) {
        let resolved = Fixture.data(body).resolved(now: Self.now, existing: Fixture.node(existing))
        #expect(Fixture.text(resolved) == expected)
    }

    @Test func serverValuesMayCarryAndBePriorities() {
        let leaf = Fixture.data("{\".sv\":\"timestamp\",\".priority\":7}").resolved(now: 5, existing: .empty)
        #expect(Fixture.text(leaf, .export) == "{\".value\":5,\".priority\":7}")
        let priority = Fixture.data("{\"a\":1,\".priority\":{\".sv\":\"timestamp\"}}").resolved(now: 5, existing: .empty)
        #expect(Fixture.text(priority, .export) == "{\"a\":1,\".priority\":5}")
        let incremented = Fixture.data("{\".value\":\"x\",\".priority\":{\".sv\":{\"increment\":1}}}")
            .resolved(now: 5, existing: Fixture.node("{\".value\":\"y\",\".priority\":41}"))
        #expect(Fixture.text(incremented, .export) == "{\".value\":\"x\",\".priority\":42}")
    }

    /// Until its server values resolve, an object made only of them is empty in the template,
    /// and an empty node holds no priority: the priority must still be there afterwards.
    @Test(arguments: [
        ("{\"a\":{\".sv\":\"timestamp\"},\".priority\":\"p\"}", "{\"a\":5,\".priority\":\"p\"}"),
        ("{\"x\":{\"a\":{\".sv\":\"timestamp\"},\".priority\":1},\"y\":2}", "{\"x\":{\"a\":5,\".priority\":1},\"y\":2}"),
        ("{\"x\":{\"y\":{\"a\":{\".sv\":\"timestamp\"}},\".priority\":1}}", "{\"x\":{\"y\":{\"a\":5},\".priority\":1}}"),
        ("{\"a\":{\".sv\":\"timestamp\"},\".priority\":{\".sv\":\"timestamp\"}}", "{\"a\":5,\".priority\":5}"),
    ])
    func objectsOfServerValuesKeepTheirPriority(_ body: String, _ expected: String) {
        #expect(Fixture.text(Fixture.data(body).resolved(now: 5, existing: .empty), .export) == expected)
    }

    @Test func plainDataHasNoServerValues() {
        #expect(!Fixture.data("{\"a\":{\"sv\":1}}").hasServerValues)
        #expect(Fixture.data("{\"a\":{\".sv\":\"timestamp\"}}").hasServerValues)
    }

    @Test func integerOverflowBecomesADouble() {
        #expect(DatabaseNumber.integer(.max).adding(.integer(1)) == .double(9_223_372_036_854_775_808))
        #expect(DatabaseNumber.integer(2).adding(.integer(3)) == .integer(5))
        #expect(DatabaseNumber(2.0) == .integer(2))
    }
}
