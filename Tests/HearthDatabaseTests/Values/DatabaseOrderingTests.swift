import HearthDatabase
import Testing

@Suite struct DatabaseOrderingTests {
    /// Each list is in ascending key order (`rtdb.md` §6).
    @Test(arguments: [
        ["-2147483648", "-1", "0", "00", "1", "9", "10", "2147483647", "-", "-2147483649", "2147483648", "a", "b", "ba"],
        ["7", "007", "08"],
        ["0000000000001", "1a", "A", "Z", "_", "a", "z"],
        ["\u{1F600}", "\u{FF61}"],
        ["-NabcDEF", "-Nabcd", "-Nb"],
    ])
    func keyOrder(_ keys: [String]) {
        for (lower, higher) in zip(keys, keys.dropFirst()) {
            #expect(DatabaseOrdering.compareKeys(lower, higher) == .ascending, "\(lower) < \(higher)")
            #expect(DatabaseOrdering.compareKeys(higher, lower) == .descending, "\(higher) > \(lower)")
        }
    }

    @Test func integerKeysWithEqualValuesPutTheShorterFirst() {
        #expect(DatabaseOrdering.compareKeys("7", "007") == .ascending)
        #expect(DatabaseOrdering.compareKeys("007", "7") == .descending)
        #expect(DatabaseOrdering.compareKeys("7", "7") == .same)
    }

    @Test func utf16OrderPutsSupplementaryCharactersBeforeHighBMP() {
        // U+1F600 is the surrogate pair D83D DE00, which sorts below U+FF61 in UTF-16.
        #expect(DatabaseOrdering.compareKeys("\u{1F600}", "\u{FF61}") == .ascending)
        #expect(DatabaseOrdering.compareKeys("e\u{301}", "\u{E9}") == .ascending)
    }

    /// Values in ascending value order: null < false < true < numbers < strings < objects.
    @Test func valueOrderAcrossTypes() {
        let values = ["null", "false", "true", "-1e300", "-1", "0", "0.5", "1", "9007199254740993", "1e300", "\"\"", "\"A\"", "\"a\"", "\"b\""]
            .map(Fixture.node)
        for (lower, higher) in zip(values, values.dropFirst()) {
            #expect(DatabaseNode.compareValues(lower, higher) == .ascending, "\(Fixture.text(lower)) < \(Fixture.text(higher))")
            #expect(DatabaseNode.compareValues(higher, lower) == .descending)
        }
        #expect(DatabaseNode.compareValues(Fixture.node("\"z\""), Fixture.node("{\"a\":1}")) == .ascending)
        #expect(DatabaseNode.compareValues(Fixture.node("{\"a\":1}"), Fixture.node("{\"b\":2}")) == .same)
        #expect(DatabaseNode.compareValues(Fixture.node("1"), Fixture.node("1.0")) == .same)
    }
}
