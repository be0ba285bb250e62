import HearthRules

/// A request's identity together with what Firestore rules see of it (`request.auth`), both
/// worked out once per ID token: converting the token's claims to rules values on every
/// request took about 3% of the server's CPU time for a rules-checked GetDocument, more than
/// evaluating the rules' conditions.
struct Caller: Sendable {
    let identity: Identity
    /// `request.auth`: nil for anonymous callers and for `owner` (which bypasses rules).
    let auth: RequestAuth?

    init(_ identity: Identity) {
        self.identity = identity
        self.auth = RequestAuth(identity)
    }

    static let anonymous = Caller(.anonymous)
    static let owner = Caller(.owner)
}
