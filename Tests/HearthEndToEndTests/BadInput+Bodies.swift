/// Request bodies that are not JSON, not the right JSON, or over a limit.
extension BadInput {
    static let malformedJSON: [BadInput] = [
        .document("unterminated object", #"{"fields": {"#, contains: "Invalid JSON payload"),
        .document("trailing comma", #"{"fields":{},}"#, contains: "trailing comma"),
        .document("comment", "{\"fields\":{} // note\n}", contains: "Invalid JSON payload"),
        .document("single quotes", "{'fields':{}}", contains: "Invalid JSON payload"),
        .document("NaN literal", #"{"fields":{"n":{"doubleValue":NaN}}}"#, contains: "Invalid JSON payload"),
        .document("leading zero", #"{"fields":{"n":{"integerValue":01}}}"#, contains: "leading zeros"),
        .document("lone surrogate escape", #"{"fields":{"s":{"stringValue":"\ud800"}}}"#, contains: "Invalid JSON payload"),
        .document("raw control character", "{\"fields\":{\"s\":{\"stringValue\":\"a\u{1}b\"}}}", contains: "Invalid JSON payload"),
        .document("two JSON texts", "{} {}", contains: "Invalid JSON payload"),
        .document("nesting over 200 JSON levels", String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000), contains: "depth"),
        .document("body is an array", "[1,2]"),
        .document("body is a string", #""fields""#),
        .document("unknown document member", #"{"feelds":{}}"#, contains: "feelds"),
        .document("fields is an array", #"{"fields":[]}"#, contains: "fields"),
        .document("createTime is not a timestamp", #"{"createTime":"soon"}"#, contains: "createTime"),
        .document("updateTime is a number", #"{"updateTime":12}"#, contains: "updateTime"),
        BadInput(
            name: "invalid UTF-8 in a string",
            request: .http(
                method: "PATCH", path: documentsURL("bad", "c/d"), headers: [],
                body: Array(#"{"fields":{"s":{"stringValue":""#.utf8) + [0xFF, 0xFE] + Array(#""}}}"#.utf8)),
            status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: "UTF-8"),
    ]

    static let wrongValueTypes: [BadInput] = [
        .value("string that is a number", #"{"stringValue":5}"#, contains: "v"),
        .value("boolean that is a string", #"{"booleanValue":"true"}"#, contains: "booleanValue"),
        .value("integer that is not a number", #"{"integerValue":"abc"}"#, contains: "v"),
        .value("integer with a fraction", #"{"integerValue":1.5}"#, contains: "integerValue"),
        .value("integer out of range", #"{"integerValue":"9223372036854775808"}"#, contains: "v"),
        .value("double that is a word", #"{"doubleValue":"abc"}"#, contains: "doubleValue"),
        .value("bytes that are not base64", #"{"bytesValue":"!!!"}"#, contains: "Base64 decoding failed"),
        .value("timestamp that is a word", #"{"timestampValue":"yesterday"}"#, contains: "timestampValue"),
        .value("timestamp in year 10000", #"{"timestampValue":"10000-01-01T00:00:00Z"}"#, contains: "timestampValue"),
        .value("null that is a word", #"{"nullValue":"x"}"#, contains: "nullValue"),
        .value("reference that is not a path", #"{"referenceValue":"not a path"}"#, contains: "referenceValue"),
        .value("reference to a collection", #"{"referenceValue":"projects/bad/databases/(default)/documents/c"}"#, contains: "referenceValue"),
        .value("geo point with a string latitude", #"{"geoPointValue":{"latitude":"x"}}"#, contains: "latitude"),
        .value("latitude out of range", #"{"geoPointValue":{"latitude":91}}"#),
        .value("longitude out of range", #"{"geoPointValue":{"longitude":-181}}"#),
        .value("array that is a JSON array", #"{"arrayValue":[]}"#, contains: "arrayValue"),
        .value("array inside array", #"{"arrayValue":{"values":[{"arrayValue":{}}]}}"#),
        .value("map fields that are an array", #"{"mapValue":{"fields":[]}}"#, contains: "mapValue"),
        .value("value with two kinds", #"{"stringValue":"a","booleanValue":true}"#, contains: "v"),
        .value("value with no kind", "{}", contains: "exactly one"),
        .value("unknown value kind", #"{"stringValu":"a"}"#, contains: "stringValu"),
        .value("value that is a bare string", #""plain""#),
    ]

    static let overLimits: [BadInput] = [
        .value("nesting deeper than 20", Self.nestedMaps(21)),
        .document("document over 1 MiB", #"{"fields":{"s":{"stringValue":"\#(String(repeating: "x", count: 1_100_000))"}}}"#),
        .document("field name over 1,500 bytes", #"{"fields":{"\#(String(repeating: "f", count: 1_501))":{"nullValue":null}}}"#, contains: "1500"),
        .document("empty field name", #"{"fields":{"":{"nullValue":null}}}"#, contains: "empty"),
        .document("reserved field name", #"{"fields":{"__secret__":{"nullValue":null}}}"#, contains: "__secret__"),
        .document("reserved nested field name", #"{"fields":{"m":{"mapValue":{"fields":{"__x__":{"nullValue":null}}}}}}"#, contains: "__x__"),
    ]

    /// `depth` maps inside one another around a null.
    static func nestedMaps(_ depth: Int) -> String {
        String(repeating: #"{"mapValue":{"fields":{"x":"#, count: depth) + #"{"nullValue":null}"#
            + String(repeating: "}}}", count: depth)
    }
}
