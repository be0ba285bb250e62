/// A position in a rules source file: 1-based line and column (in Unicode scalars), plus the
/// scalar offset. Every AST node's position lives in a side table keyed by node ID (cel-go style).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static let unknown = SourceLocation(line: 0, column: 0, offset: 0)

    public var description: String { "\(self.line):\(self.column)" }
}
