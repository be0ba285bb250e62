/// Bad credentials, unknown routes and methods, and bad parameters, queries and writes.
extension BadInput {
    static let invalidTokens: [BadInput] = [
        Self.token("token that is not a JWT", "Bearer not-a-jwt", contains: "JWT"),
        Self.token("non-bearer scheme", "Basic Zm9vOmJhcg=="),
        Self.token("empty bearer token", "Bearer ", contains: "no token"),
        Self.token("JWT payload that is not base64", "Bearer eyJhbGciOiJub25lIn0.!!!.", contains: "JWT"),
        Self.token("JWT payload that is not JSON", "Bearer eyJhbGciOiJub25lIn0.bm90IGpzb24.", contains: "JWT"),
        Self.token("JWT without a subject", "Bearer eyJhbGciOiJub25lIn0.eyJmb28iOjF9.", contains: "sub"),
    ]

    static let unknownRoutesAndMethods: [BadInput] = [
        BadInput(name: "unknown route", request: .http(method: "GET", path: "/v2/whatever", headers: [], body: nil),
                 status: 404, errorStatus: "NOT_FOUND", messageContains: "/v2/whatever"),
        BadInput(name: "unknown custom verb", request: .http(method: "POST", path: documentsURL("bad") + ":explode", headers: [], body: Array("{}".utf8)),
                 status: 404, errorStatus: "NOT_FOUND", messageContains: ":explode"),
        BadInput(name: "API root", request: .http(method: "GET", path: "/v1", headers: [], body: nil),
                 status: 404, errorStatus: "NOT_FOUND"),
        BadInput(name: "PUT on a document", request: .http(method: "PUT", path: documentsURL("bad", "c/d"), headers: [], body: Array("{}".utf8)),
                 status: 405, errorStatus: "UNIMPLEMENTED", messageContains: "PUT"),
        BadInput(name: "DELETE on runQuery", request: .http(method: "DELETE", path: documentsURL("bad") + ":runQuery", headers: [], body: nil),
                 status: 405, errorStatus: "UNIMPLEMENTED", messageContains: "POST"),
        BadInput(name: "GET on commit", request: .http(method: "GET", path: documentsURL("bad") + ":commit", headers: [], body: nil),
                 status: 405, errorStatus: "UNIMPLEMENTED"),
        .raw("method HTTP does not know", "FOO / HTTP/1.1\r\nHost: localhost\r\n\r\n", contains: "method"),
    ]

    static let invalidParameters: [BadInput] = [
        .invalid("invalid mask field path", "GET", documentsURL("bad", "c/d?mask.fieldPaths=a..b")),
        .invalid("reserved mask field path", "GET", documentsURL("bad", "c/d?mask.fieldPaths=__x__"), contains: "__x__"),
        .invalid("reserved mask field path on a list", "GET", documentsURL("bad", "c?mask.fieldPaths=a.__x__"), contains: "__x__"),
        .invalid("reserved update mask field path", "PATCH", documentsURL("bad", "c/d?updateMask.fieldPaths=__x__"), body: "{}", contains: "__x__"),
        .invalid("invalid precondition", "DELETE", documentsURL("bad", "c/d?currentDocument.exists=perhaps")),
        .invalid("pageSize that is not a number", "GET", documentsURL("bad", "c?pageSize=abc"), contains: "pageSize"),
        .invalid("pageToken that was never issued", "GET", documentsURL("bad", "c?pageToken=garbage"), contains: "pageToken"),
        .invalid("orderBy with an unknown direction", "GET", documentsURL("bad", "c?orderBy=a%20sideways"), contains: "sideways"),
        .invalid("readTime that is not a timestamp", "GET", documentsURL("bad", "c/d?readTime=yesterday"), contains: "yesterday"),
        .invalid("transaction that is not base64", "GET", documentsURL("bad", "c/d?transaction=!!!"), contains: "transaction"),
        BadInput(name: "updateTime precondition that does not hold",
                 request: .http(method: "DELETE", path: documentsURL("bad", "c/d?currentDocument.updateTime=2001-01-01T00:00:00Z"), headers: [], body: nil),
                 status: 400, errorStatus: "FAILED_PRECONDITION", messageContains: "does not match"),
    ]

    static let invalidQueriesAndWrites: [BadInput] = [
        .invalid("unknown filter operator", "POST", documentsURL("bad") + ":runQuery",
                 body: #"{"structuredQuery":{"from":[{"collectionId":"c"}],"where":{"fieldFilter":{"field":{"fieldPath":"a"},"op":"BOGUS","value":{"nullValue":null}}}}}"#, contains: "BOGUS"),
        .invalid("negative limit", "POST", documentsURL("bad") + ":runQuery",
                 body: #"{"structuredQuery":{"from":[{"collectionId":"c"}],"limit":-1}}"#, contains: "limit"),
        .invalid("query without a body", "POST", documentsURL("bad") + ":runQuery", body: "", contains: "structured"),
        .invalid("query collection ID with a slash", "POST", documentsURL("bad") + ":runQuery",
                 body: #"{"structuredQuery":{"from":[{"collectionId":"a/b"}]}}"#, contains: "collectionId"),
        .invalid("query of a reserved collection ID", "POST", documentsURL("bad") + ":runQuery",
                 body: #"{"structuredQuery":{"from":[{"collectionId":"__x__"}]}}"#, contains: "__x__"),
        .invalid("query selecting a reserved field", "POST", documentsURL("bad") + ":runQuery",
                 body: #"{"structuredQuery":{"from":[{"collectionId":"c"}],"select":{"fields":[{"fieldPath":"__x__"}]}}}"#, contains: "__x__"),
        .invalid("batchGet with a reserved mask field path", "POST", documentsURL("bad") + ":batchGet",
                 body: #"{"documents":["projects/bad/databases/(default)/documents/c/d"],"mask":{"fieldPaths":["__x__"]}}"#, contains: "__x__"),
        .invalid("aggregation of an unknown kind", "POST", documentsURL("bad") + ":runAggregationQuery",
                 body: #"{"structuredAggregationQuery":{"structuredQuery":{"from":[{"collectionId":"c"}]},"aggregations":[{"median":{}}]}}"#, contains: "median"),
        .invalid("documents that are not a list", "POST", documentsURL("bad") + ":batchGet", body: #"{"documents":"c/d"}"#, contains: "documents"),
        .invalid("write with two operations", "POST", documentsURL("bad") + ":commit",
                 body: #"{"writes":[{"delete":"projects/bad/databases/(default)/documents/c/d","update":{"name":"projects/bad/databases/(default)/documents/c/d"}}]}"#,
                 contains: "exactly one"),
        .invalid("transform of a reserved field", "POST", documentsURL("bad") + ":commit",
                 body: #"{"writes":[{"transform":{"document":"projects/bad/databases/(default)/documents/c/d","fieldTransforms":[{"fieldPath":"__x__","increment":{"integerValue":"1"}}]}}]}"#),
        .invalid("commit with a made-up transaction", "POST", documentsURL("bad") + ":commit", body: #"{"writes":[],"transaction":"!!notbase64"}"#, contains: "transaction"),
        .invalid("rules deployment that does not compile", "PUT", "/emulator/v1/projects/bad:securityRules",
                 headers: [("Authorization", "Bearer owner")],
                 body: #"{"rules":{"files":[{"name":"firestore.rules","content":"service cloud.firestore { match /a { allow read: if ; } }"}]}}"#),
    ]

    /// A GET of the kept document with `authorization`, refused with 401 UNAUTHENTICATED.
    static func token(_ name: String, _ authorization: String, contains: String = "") -> BadInput {
        BadInput(
            name: name,
            request: .http(method: "GET", path: documentsURL("bad", "c/d"), headers: [("Authorization", authorization)], body: nil),
            status: 401, errorStatus: "UNAUTHENTICATED", messageContains: contains)
    }
}
