import HearthDatabase
import Testing

@Suite struct DatabaseUpdateTests {
    @Test func parsesSlashKeysIgnoringEmptySegmentsAndKeepsTheLastDuplicate() throws {
        let update = try DatabaseUpdate(body: Array("{\"a/b\":1,\"/c//d/\":null,\"e\":2,\"e\":3}".utf8))
        #expect(update.entries.map(\.path) == [Fixture.path("/a/b"), Fixture.path("/c/d"), Fixture.path("/e")])
        #expect(update.entries.last?.data == Fixture.data("3"))
    }

    @Test(arguments: [
        ("[1]", "Invalid data; couldn't parse JSON object. Are you sending a JSON object with valid key names?"),
        ("5", "Invalid data; couldn't parse JSON object. Are you sending a JSON object with valid key names?"),
        ("null", "Invalid data; couldn't parse JSON object. Are you sending a JSON object with valid key names?"),
        ("{", "Invalid data; couldn't parse JSON object, array, or value."),
        ("{\"a\":1,\"a/b\":2}", "Invalid data; update contains a path /a that is ancestor of another path /a/b"),
        ("{\"x/y/z\":1,\"x\":2}", "Invalid data; update contains a path /x that is ancestor of another path /x/y/z"),
        ("{\"a/b\":1,\"a//b\":2}", "Invalid data; update contains a path /a/b that is ancestor of another path /a/b"),
        ("{\"ok\":{\"n\":1},\"a.b\":2}", "Invalid data; couldn't parse key beginning at 1:15. Key value can't be empty or contain $ # [ ] / or ."),
        ("{\"/\":1}", "Invalid data; couldn't parse key beginning at 1:2. Key value can't be empty or contain $ # [ ] / or ."),
        ("{\"a\":{\"b$\":1}}", "Invalid data; couldn't parse key beginning at 1:7. Key value can't be empty or contain $ # [ ] / or ."),
    ])
    func rejectsWithFirebaseText(_ body: String, _ message: String) {
        #expect(Fixture.message { _ = try DatabaseUpdate(body: Array(body.utf8)) } == message)
    }

    @Test func siblingsAndCousinsDoNotOverlap() {
        #expect(Fixture.message { _ = try DatabaseUpdate(body: Array("{\"a/b\":1,\"a/c\":2,\"ab\":3,\"a/bc\":4}".utf8)) } == nil)
        #expect(Fixture.message { _ = try DatabaseUpdate(body: Array("{}".utf8)) } == nil)
    }
}
