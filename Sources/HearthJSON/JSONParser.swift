/// Strict RFC 8259 JSON parsing into ``JSONValue``.
///
/// Rejects everything RFC 8259 does not allow (comments, trailing commas, `NaN`, leading zeros,
/// leading `+`, raw control characters, invalid UTF-8, lone surrogates) because Google's front end
/// rejects them too, and an emulator that accepts more hides client bugs.
///
/// The parser is iterative with an explicit container stack, so nesting depth is bounded only by
/// `maxDepth` and never by the thread's stack. Strings are copied as whole runs between escapes.
/// Cost: O(n) time, one allocation per string/array/object.
public enum JSONParser {
    /// Parses one JSON text (optionally preceded by a UTF-8 BOM and surrounded by whitespace).
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text.
    ///   - maxDepth: the deepest allowed nesting of arrays and objects; `[]` at top level is depth 1.
    /// - Throws: ``JSONParseError`` with the position of the first problem.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 200) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONParseError) {
                return .success(try scanner.parseDocument(maxDepth: maxDepth))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses UTF-8 JSON text held in a `String`.
    public static func parse(_ text: String, maxDepth: Int = 200) throws(JSONParseError) -> JSONValue {
        try self.parse(Array(text.utf8), maxDepth: maxDepth)
    }
}
