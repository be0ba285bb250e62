/// E-mail addresses and phone numbers as the emulator checks and stores them (`utils.ts`
/// `isValidEmailAddress`, `canonicalizeEmailAddress`, `isValidPhoneNumber`): loose shapes on
/// purpose (false positives are fine in a test environment), addresses stored lower-cased so
/// look-ups ignore case.
public enum EmailAddress {
    /// `^[^@]+@[^@]+$`: one `@` with something on both sides.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }

    /// The stored form: lower-cased.
    public static func canonical(_ text: String) -> String { text.lowercased() }

    /// A phone number in international form: it starts with `+`.
    public static func isValidPhoneNumber(_ text: String) -> Bool { text.hasPrefix("+") }
}
