import HearthDatabase
import HearthJSON
import Testing

@Suite struct DatabaseQueryEvaluationTests {
    /// Dinosaur-style data as in firebase-admin's tests: mixed types under `h`.
    static let data = Fixture.node(
        """
        {"a":{"h":3,"w":1},"b":{"h":"x"},"c":{"h":1,"w":2},"d":{"w":3},"e":{"h":3},"f":{"h":true},
         "g":{"h":{"deep":1}},"i":{"h":false},"j":{"h":1.5}}
        """)

    /// Keys selected (in index order) for each parameter set.
    @Test(arguments: [
        (["orderBy": "\"h\""], ["d", "i", "f", "c", "j", "a", "e", "b", "g"]),
        (["orderBy": "\"h\"", "startAt": "3"], ["a", "e", "b", "g"]),
        (["orderBy": "\"h\"", "startAfter": "3"], ["b", "g"]),
        (["orderBy": "\"h\"", "startAfter": "3,\"a\""], ["e", "b", "g"]),
        (["orderBy": "\"h\"", "startAt": "3,\"b\""], ["e", "b", "g"]),
        (["orderBy": "\"h\"", "endAt": "1.5"], ["d", "i", "f", "c", "j"]),
        (["orderBy": "\"h\"", "endBefore": "1.5"], ["d", "i", "f", "c"]),
        (["orderBy": "\"h\"", "endAt": "3,\"a\""], ["d", "i", "f", "c", "j", "a"]),
        (["orderBy": "\"h\"", "endBefore": "3,\"e\""], ["d", "i", "f", "c", "j", "a"]),
        (["orderBy": "\"h\"", "equalTo": "3"], ["a", "e"]),
        (["orderBy": "\"h\"", "equalTo": "3,\"e\""], ["e"]),
        (["orderBy": "\"h\"", "equalTo": "null"], ["d"]),
        (["orderBy": "\"h\"", "equalTo": "\"x\""], ["b"]),
        (["orderBy": "\"h\"", "startAt": "false", "endAt": "true"], ["i", "f"]),
        (["orderBy": "\"h\"", "startAt": "1", "limitToFirst": "2"], ["c", "j"]),
        (["orderBy": "\"h\"", "limitToLast": "3"], ["e", "b", "g"]),
        (["orderBy": "\"h\"", "limitToFirst": "0"], []),
        (["orderBy": "\"w\"", "startAt": "2"], ["c", "d"]),
        (["orderBy": "\"$key\"", "startAt": "\"c\"", "endAt": "\"e\""], ["c", "d", "e"]),
        (["orderBy": "\"$key\"", "startAfter": "\"c\"", "endBefore": "\"e\""], ["d"]),
        (["orderBy": "\"$key\"", "equalTo": "\"g\""], ["g"]),
        (["orderBy": "\"$key\"", "limitToLast": "2"], ["i", "j"]),
    ])
    func selectsChildren(_ parameters: [String: String], _ keys: [String]) throws {
        let query = try DatabaseQuery(parameters: parameters)
        let result = query.select(from: Self.data)
        #expect(Set(result.children.keys) == Set(keys))
    }

    @Test func valueAndPriorityIndexes() throws {
        let data = Fixture.node(
            """
            {"a":{".value":"s",".priority":1},"b":{".value":2,".priority":"p"},"c":3,"d":{".value":true,".priority":0}}
            """)
        let byValue = try DatabaseQuery(parameters: ["orderBy": "\"$value\"", "startAt": "2"]).select(from: data)
        #expect(byValue.children.keys == ["a", "b", "c"])
        let byPriority = try DatabaseQuery(parameters: ["orderBy": "\"$priority\"", "limitToFirst": "2"]).select(from: data)
        #expect(byPriority.children.keys == ["c", "d"])
        let stringPriority = try DatabaseQuery(parameters: ["orderBy": "\"$priority\"", "startAt": "\"a\""]).select(from: data)
        #expect(stringPriority.children.keys == ["b"])
    }

    @Test func integerKeyedResultsRenderAsArraysAndLeavesGiveNull() throws {
        let data = Fixture.node("[10, 20, 30, 40]")
        let query = try DatabaseQuery(parameters: ["orderBy": "\"$value\"", "startAt": "20", "endAt": "30"])
        #expect(query.result(of: data).serializedString() == "[null,20,30]")
        let first = try DatabaseQuery(parameters: ["orderBy": "\"$key\"", "limitToFirst": "2"])
        #expect(first.result(of: data).serializedString() == "[10,20]")
        #expect(first.result(of: Fixture.node("5")) == .null)
        #expect(first.result(of: .empty) == .null)
    }

    @Test func shallowRendersChildrenAsTrueAndLeavesAsThemselves() throws {
        let shallow = try DatabaseQuery(parameters: ["shallow": "true"])
        #expect(shallow.result(of: Fixture.node("{\"b\":{\"x\":1},\"a\":2}")).serializedString() == "{\"a\":true,\"b\":true}")
        #expect(shallow.result(of: Fixture.node("\"leaf\"")).serializedString() == "\"leaf\"")
        #expect(shallow.result(of: .empty) == .null)
        let firstOne = try DatabaseQuery(parameters: ["shallow": "true", "limitToFirst": "1"])
        #expect(firstOne.result(of: Fixture.node("{\"b\":{\"x\":1},\"a\":2}")).serializedString() == "{\"a\":true}")
    }

    @Test func unfilteredQueryReturnsTheNodeWithPrioritiesInExport() throws {
        let node = Fixture.node("{\"a\":{\".value\":1,\".priority\":2}}")
        let plain = try DatabaseQuery(parameters: [:])
        #expect(plain.result(of: node, format: .export).serializedString() == "{\"a\":{\".value\":1,\".priority\":2}}")
    }
}
