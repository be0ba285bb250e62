/// A JSON value of a `database.rules.json` file with the position of every part, so that a
/// problem anywhere (a bad key, a rule of the wrong type, a column inside a rule expression)
/// is reported at its line and column.
struct RulesJSONValue: Sendable {
    /// An object member with the position of its key.
    struct Member: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var value: RulesJSONValue
    }

    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([RulesJSONValue])
        case object([Member])
    }

    var kind: Kind
    /// Where the value starts (the opening quote of a string).
    var location: SourceLocation
    /// For strings: the source column of each Unicode scalar of the decoded text, then the
    /// column of the closing quote. An escape such as `\"` maps to the column of its backslash.
    /// JSON strings hold no raw line breaks, so the line is `location.line` throughout.
    var scalarColumns: [Int] = []

    /// The name of the value's JSON type, for messages ("expected a string or a boolean, got number").
    var typeName: String {
        switch self.kind {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
