/// A segment of a path literal: raw text, or an interpolated `$(expr)`.
public enum PathLiteralPart: Sendable {
    case text(String)
    case interpolation(Expr)
}
