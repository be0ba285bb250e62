import HearthAuth

/// How a fake-IdP sign-in ended: the account, whether it was just created, whether the user
/// must first prove the e-mail another account holds (`needConfirmation`), and the tokens.
struct IdpOutcome: Sendable {
    let user: AuthUser
    let isNewUser: Bool
    let needsConfirmation: Bool
    let tokens: IssuedTokens?
}
