import HearthAuth

/// How a fake-IdP sign-in ended: the account, whether it was just created, whether the user
/// must first prove the e-mail another account holds (`needConfirmation`), and the tokens
/// (nil when the sign-in needs confirmation, or a second factor: ``needsSecondFactor``).
struct IdpOutcome: Sendable {
    let user: AuthUser
    let isNewUser: Bool
    let needsConfirmation: Bool
    let tokens: IssuedTokens?
    /// The account has second factors: the answer carries a pending credential, not tokens.
    var needsSecondFactor = false
}
