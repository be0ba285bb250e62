import HearthDatabase
import Testing

@Suite struct DatabaseQueryParsingTests {
    @Test(arguments: [
        (["orderBy": "\"$key\""], DatabaseQuery.Index.key),
        (["orderBy": "\"$value\""], .value),
        (["orderBy": "\"$priority\""], .priority),
        (["orderBy": "\"ratings/pos\""], .child(Fixture.path("/ratings/pos"))),
        (["orderBy": "\"h\"", "shallow": "true"], .child(Fixture.path("/h"))),
    ])
    func parsesIndexes(_ parameters: [String: String], _ index: DatabaseQuery.Index) throws {
        #expect(try DatabaseQuery(parameters: parameters).index == index)
    }

    @Test(arguments: [
        (["startAt": "1"], "orderBy must be defined when other query parameters are defined"),
        (["endAt": "1"], "orderBy must be defined when other query parameters are defined"),
        (["equalTo": "\"a\""], "orderBy must be defined when other query parameters are defined"),
        (["startAfter": "1"], "orderBy must be defined when other query parameters are defined"),
        (["endBefore": "1"], "orderBy must be defined when other query parameters are defined"),
        (["limitToFirst": "1"], "orderBy must be defined when other query parameters are defined"),
        (["limitToLast": "1"], "orderBy must be defined when other query parameters are defined"),
        (["shallow": "true", "startAt": "1"], "orderBy must be defined when other query parameters are defined"),
        (["orderBy": "name"], "orderBy must be a valid JSON encoded path"),
        (["orderBy": "\"$name\""], "orderBy must be a valid JSON encoded path"),
        (["orderBy": "\"a.b\""], "orderBy must be a valid JSON encoded path"),
        (["orderBy": "\"\""], "orderBy must be a valid JSON encoded path"),
        (["orderBy": "1"], "orderBy must be a valid JSON encoded path"),
        (["orderBy": "\"h\"", "equalTo": "bob"], "Constraint index field must be a JSON primitive"),
        (["orderBy": "\"h\"", "startAt": "{}"], "Constraint index field must be a JSON primitive"),
        (["orderBy": "\"h\"", "startAt": "[1]"], "Constraint index field must be a JSON primitive"),
        (["orderBy": "\"h\"", "startAt": "1,key"], "Constraint index field must be a JSON primitive"),
        (["orderBy": "\"h\"", "limitToFirst": "-1"], "limitToFirst must be a non-negative integer"),
        (["orderBy": "\"h\"", "limitToLast": "x"], "limitToLast must be a non-negative integer"),
        (["orderBy": "\"h\"", "limitToFirst": "1", "limitToLast": "1"], "limitToFirst and limitToLast cannot both be specified"),
        (["orderBy": "\"h\"", "equalTo": "1", "startAt": "1"], "equalTo cannot be specified in addition to startAt or endAt"),
        (["orderBy": "\"h\"", "equalTo": "1", "endBefore": "1"], "equalTo cannot be specified in addition to startAt or endAt"),
        (["orderBy": "\"h\"", "startAt": "1", "startAfter": "1"], "startAfter cannot be specified in addition to startAt"),
        (["orderBy": "\"h\"", "endAt": "1", "endBefore": "1"], "endBefore cannot be specified in addition to endAt"),
        (["orderBy": "\"$key\"", "startAt": "1"], "When ordering by key, the value passed to startAt, startAfter, endAt, endBefore, or equalTo must be a string"),
        (["orderBy": "\"$key\"", "equalTo": "\"a\",\"b\""], "When ordering by key, the value passed to startAt, startAfter, endAt, endBefore, or equalTo must be a string"),
        (["orderBy": "\"$priority\"", "startAt": "true"], "When ordering by priority, the value passed to startAt, startAfter, endAt, endBefore, or equalTo must be a valid priority value (null, a number, or a string)"),
    ])
    func rejectsWithFirebaseText(_ parameters: [String: String], _ message: String) {
        #expect(Fixture.message { _ = try DatabaseQuery(parameters: parameters) } == message)
    }

    @Test(arguments: [
        ["orderBy": "\"h\"", "startAt": "\"a b&c\""],
        ["orderBy": "\"h\"", "startAt": "null", "endAt": "true"],
        ["orderBy": "\"$key\"", "startAt": "\"a\"", "endBefore": "\"b\"", "limitToLast": "2"],
        ["orderBy": "\"$priority\"", "equalTo": "5,\"k\""],
        ["shallow": "true", "limitToFirst": "1"],
        ["shallow": "true"],
        ["print": "pretty", "ns": "x", "format": "export"],
    ])
    func acceptsValidCombinations(_ parameters: [String: String]) {
        #expect(Fixture.message { _ = try DatabaseQuery(parameters: parameters) } == nil)
    }

    @Test func boundsCarryKeySuffixesAndInclusiveness() throws {
        let query = try DatabaseQuery(parameters: ["orderBy": "\"h\"", "startAfter": "5,\"k,1\"", "endBefore": "\"x,y\""])
        #expect(query.start == QueryBound(value: Fixture.node("5"), key: .name("k,1"), inclusive: false))
        #expect(query.end == QueryBound(value: Fixture.node("\"x,y\""), key: .min, inclusive: false))
        let equal = try DatabaseQuery(parameters: ["orderBy": "\"h\"", "equalTo": "null"])
        #expect(equal.start == QueryBound(value: .empty, key: .min, inclusive: true))
        #expect(equal.end == QueryBound(value: .empty, key: .max, inclusive: true))
    }

    @Test func shallowLimitWithoutOrderByOrdersByKey() throws {
        let query = try DatabaseQuery(parameters: ["shallow": "true", "limitToFirst": "1"])
        #expect(query.index == .key)
        #expect(query.limit == .first(1))
        #expect(query.shallow)
        #expect(try !DatabaseQuery(parameters: ["shallow": "false"]).shallow)
    }
}
