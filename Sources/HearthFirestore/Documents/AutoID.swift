/// Document IDs chosen by the server when a client creates a document without one.
///
/// Production and the client SDKs use 20 characters from `[A-Za-z0-9]` (about 119 bits of
/// entropy, so collisions are not a practical concern). Costs one random draw per character.
public enum AutoID {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    public static let length = 20

    /// A fresh 20-character ID.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<Self.length).map { _ in Self.alphabet.randomElement(using: &generator)! })
    }
}
