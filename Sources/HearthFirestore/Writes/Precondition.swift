/// A condition a write requires of the stored document (`currentDocument` on the wire).
public enum Precondition: Sendable, Hashable {
    /// The document must (true) or must not (false) exist.
    case exists(Bool)
    /// The document must exist and have exactly this `updateTime`.
    case updateTime(Timestamp)
}
