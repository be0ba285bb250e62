/// Why and where JSON text was rejected.
///
/// `line` and `column` are 1-based; `column` counts Unicode scalars on the line, so it matches what
/// an editor shows. `offset` is the 0-based byte offset into the input.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int
    public var message: String

    public init(line: Int, column: Int, offset: Int, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    /// E.g. `line 1, column 12: expected ',' or '}' after an object member`.
    public var description: String {
        "line \(self.line), column \(self.column): \(self.message)"
    }
}
