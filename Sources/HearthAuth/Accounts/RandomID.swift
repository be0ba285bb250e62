/// Random identifiers as the emulator makes them: local ids of 28 alphanumerics
/// (`randomId(28)`), salts, OOB codes in base64url, SMS codes of 6 digits. Uses the system's
/// cryptographic generator, which costs one syscall-free draw per character.
public enum RandomID {
    private static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    private static let base64URL = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func alphanumeric(_ length: Int) -> String { Self.draw(length, from: Self.alphanumerics) }

    public static func base64URLText(_ length: Int) -> String { Self.draw(length, from: Self.base64URL) }

    public static func digits(_ length: Int) -> String { Self.draw(length, from: Array("0123456789".utf8)) }

    private static func draw(_ length: Int, from alphabet: [UInt8]) -> String {
        var generator = SystemRandomNumberGenerator()
        return String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
    }
}
