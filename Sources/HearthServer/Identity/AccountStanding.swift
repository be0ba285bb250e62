/// What the account store says about the user an ID token names.
///
/// Mirrors the Auth emulator's check of incoming ID tokens (`auth.md` "Incoming ID tokens",
/// `operations.ts` `parseIdToken`): no signature check and no `exp` check, but a token is refused
/// when its user is disabled or it was issued before the user's tokens were revoked.
enum AccountStanding: Sendable, Equatable {
    /// The user may act (or the store does not know the user: tokens minted with `hearth token`
    /// name users no store has ever seen, and the emulator suite accepts them).
    case active
    /// The account is disabled (`disabled: true`): its tokens are refused.
    case disabled
    /// The token was issued (`iat`) before the account's `validSince`: it was revoked.
    case revoked
}
