/// Passwords as the Auth emulator keeps them: not hashed at all.
///
/// The emulator stores `fakeHash:salt=<salt>:password=<password>` with a salt of `fakeSalt`
/// plus 20 random characters (`operations.ts` `hashPassword`), on purpose: nobody should put a
/// real secret into an emulator, and tests may read the password back from a lookup or an
/// export. Hearth does the same, so exports move between Hearth and the emulator suite and
/// the passwords in them still work. Costs one string comparison per sign-in.
public enum PasswordHash {
    /// Shorter passwords are refused with `WEAK_PASSWORD` (`PASSWORD_MIN_LENGTH`).
    public static let minimumLength = 6

    /// A new salt: `fakeSalt` and 20 random alphanumerics.
    public static func newSalt() -> String { "fakeSalt" + RandomID.alphanumeric(20) }

    /// The stored form of `password` with `salt`.
    public static func hash(_ password: String, salt: String) -> String {
        "fakeHash:salt=\(salt):password=\(password)"
    }

    /// Whether `password` is the one `user` set.
    public static func matches(_ password: String, user: AuthUser) -> Bool {
        guard let stored = user.passwordHash, let salt = user.salt else { return false }
        return stored == Self.hash(password, salt: salt)
    }
}
