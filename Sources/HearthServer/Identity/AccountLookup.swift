/// Where the identity provider asks whether an ID token's user may still act: the plug-in
/// point for the Auth emulator's account store (disabled users, revoked tokens).
///
/// Called on every request that presents a user token, after the token is decoded (decoding
/// is cached, this is not), so a user disabled a moment ago is refused at once. It must be
/// cheap and must not block: it runs on the event loop, under no lock of the caller's.
protocol AccountLookup: Sendable {
    /// - Parameters:
    ///   - uid: the token's user (`sub`, or `user_id`).
    ///   - project: the token's `aud`, the project whose accounts to ask; nil when it has none.
    ///   - tenant: the token's `firebase.tenant`, when it has one.
    ///   - issuedAt: the token's `iat` in seconds since the epoch, when it has one.
    func standing(of uid: String, project: String?, tenant: String?, issuedAt: Int64?) -> AccountStanding

    /// Calls `onChange` whenever a standing may have become refused (a user disabled, tokens
    /// revoked), so connections that authenticated before ask again (`AccountCredential`);
    /// on the writer's thread, and it must not block.
    func observe(_ onChange: @escaping @Sendable () -> Void)
}
