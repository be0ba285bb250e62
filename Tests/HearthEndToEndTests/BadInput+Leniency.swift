/// Input Hearth once read leniently and production refuses (issue 35 item 10), each with
/// production's message where one is known.
extension BadInput {
    static let propertyPath = "Unquoted property paths must match regex ([a-zA-Z_][a-zA-Z_0-9]*)"
    static let commit = documentsURL("bad") + ":commit"
    static let name = "projects/bad/databases/(default)/documents/c/d"

    static let leniencyRefused: [BadInput] = [
        .invalid("empty update mask path", "PATCH", documentsURL("bad", "c/d?updateMask.fieldPaths="), body: "{}", contains: "must not be empty"),
        .invalid("empty update mask path in a commit", "POST", Self.commit,
                 body: #"{"writes":[{"update":{"name":"\#(Self.name)"},"updateMask":{"fieldPaths":[""]}}]}"#, contains: "must not be empty"),
        .invalid("unquoted mask path with a space", "PATCH", documentsURL("bad", "c/d?updateMask.fieldPaths=a%20b"), body: "{}",
                 contains: Self.propertyPath),
        .invalid("unquoted mask path *", "GET", documentsURL("bad", "c/d?mask.fieldPaths=*"), contains: Self.propertyPath),
        .invalid("unquoted mask path a[0] in a commit", "POST", Self.commit,
                 body: #"{"writes":[{"update":{"name":"\#(Self.name)"},"updateMask":{"fieldPaths":["a[0]"]}}]}"#, contains: Self.propertyPath),
        .invalid("unquoted transform path with a space", "POST", Self.commit,
                 body: #"{"writes":[{"transform":{"document":"\#(Self.name)","fieldTransforms":[{"fieldPath":"a b","setToServerValue":"REQUEST_TIME"}]}}]}"#,
                 contains: Self.propertyPath),
        .invalid("unquoted filter path *", "POST", documentsURL("bad") + ":runQuery",
                 body: #"{"structuredQuery":{"from":[{"collectionId":"c"}],"where":{"fieldFilter":{"field":{"fieldPath":"*"},"op":"EQUAL","value":{"nullValue":null}}}}}"#,
                 contains: Self.propertyPath),
        .invalid("NUL in a document ID", "GET", documentsURL("bad", "c/a%00b"), contains: "NUL"),
        .invalid("NUL in a created document ID", "POST", documentsURL("bad", "c?documentId=a%00b"), body: "{}", contains: "NUL"),
        .invalid("NUL in a written document name", "POST", Self.commit,
                 body: #"{"writes":[{"update":{"name":"\#(Self.name)\u0000x"}}]}"#, contains: "NUL"),
        .value("bytes with padding where none belongs", #"{"bytesValue":"aGVhcnRo="}"#, contains: "(TYPE_BYTES), Base64 decoding failed for \"aGVhcnRo=\""),
        .value("bytes with one padding character too many", #"{"bytesValue":"aGk=="}"#, contains: "Base64 decoding failed"),
        .document("fields given twice", #"{"fields":{"a":{"integerValue":"1"}},"fields":{}}"#, contains: "Duplicate name \"fields\" at 'document'"),
        .invalid("a write's document given twice", "POST", Self.commit,
                 body: #"{"writes":[{"update":{"name":"\#(Self.name)","fields":{},"fields":{}}}]}"#, contains: "Duplicate name \"fields\""),
        .invalid("updateMask in both spellings", "POST", Self.commit,
                 body: #"{"writes":[{"update":{"name":"\#(Self.name)"},"updateMask":{"fieldPaths":["a"]},"update_mask":{"fieldPaths":["b"]}}]}"#,
                 contains: "Duplicate name \"update_mask\""),
    ]
}
