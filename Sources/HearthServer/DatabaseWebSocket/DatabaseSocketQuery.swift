import HearthDatabase
import HearthJSON

/// The query object of a `q` or `g` request (`streams.md` §1.4; JS `QueryParams.ts`
/// `queryParamsGetQueryObject`) as a `DatabaseQuery`: `i` the index (`.key`, `.value`,
/// `.priority` or a child path; absent: priority), `sp`/`sn`/`sin` the start value, name and
/// inclusiveness (`sin: false` is `startAfter`), `ep`/`en`/`ein` the end, `l` the limit and
/// `vf` which end it keeps (`l` first, `r` last). Names `[MIN_NAME]`/`[MAX_NAME]` are the
/// SDKs' sentinels.
enum DatabaseSocketQuery {
    static func parse(_ json: JSONValue?) throws(DatabaseError) -> DatabaseQuery {
        guard let json, !json.isNull else { return DatabaseQuery() }
        guard let object = json.objectValue else { throw .badRequest("A query (q) must be a JSON object such as {\"i\":\".key\",\"l\":10,\"vf\":\"l\"}.") }
        var query = DatabaseQuery()
        if let start = object["sp"] {
            query.start = try Self.bound(start, name: object["sn"], inclusive: object["sin"]?.boolValue ?? true, isStart: true)
        }
        if let end = object["ep"] {
            query.end = try Self.bound(end, name: object["en"], inclusive: object["ein"]?.boolValue ?? true, isStart: false)
        }
        if let limit = object["l"] {
            guard let count = limit.numberValue?.int64Value, count >= 0, count <= Int64(Int32.max) else {
                throw .badRequest("A query's limit (l) must be a non-negative integer.")
            }
            query.limit = object["vf"]?.stringValue == "r" ? .last(Int(count)) : .first(Int(count))
        }
        switch object["i"]?.stringValue {
        case ".key"?: query.index = .key
        case ".value"?: query.index = .value
        case ".priority"?: query.index = .priority
        case let path?:
            guard let child = try? DatabasePath(path), !child.isRoot else { throw .badRequest("A query's index (i) must be .key, .value, .priority or a child path (got '\(path)').") }
            query.index = .child(child)
        case nil:
            if object["i"] != nil { throw .badRequest("A query's index (i) must be a string.") }
            if query.isFiltered { query.index = .priority }
        }
        // The SDKs send equalTo as equal inclusive bounds; the rules' `query.equalTo` sees it so.
        if let start = query.start, let end = query.end, start.inclusive, end.inclusive, start.value == end.value { query.isEquality = true }
        return query
    }

    /// A start or end bound: a primitive value (null included) and an optional key name.
    private static func bound(_ value: JSONValue, name: JSONValue?, inclusive: Bool, isStart: Bool) throws(DatabaseError) -> QueryBound {
        guard value.objectValue == nil, value.arrayValue == nil, let node = try? DatabaseNode(json: value) else { throw .constraintNotPrimitive }
        let key: QueryBound.Key
        switch name?.stringValue {
        case "[MIN_NAME]"?: key = .min
        case "[MAX_NAME]"?: key = .max
        case let name?: key = .name(name)
        // No name: from the first child with the value (or, exclusive, after the last), as REST's startAt/startAfter.
        case nil: key = isStart == inclusive ? .min : .max
        }
        return QueryBound(value: node, key: key, inclusive: inclusive)
    }
}
