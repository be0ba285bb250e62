import HearthDatabase

/// The status strings of the WebSocket protocol's replies and revocations (`streams.md` §1.4),
/// mapped from `DatabaseError` in this one place. The SDKs act on `permission_denied`
/// (`onComplete` fails with it), `datastale` (a transaction runs again), `expired_token` and
/// `invalid_token` (the client refreshes its token), `too_big` and `unavailable`; the others
/// reach the application as the error's text.
enum DatabaseSocketStatus {
    static let ok = "ok"
    /// A transaction's `p` whose hash is not the current value's.
    static let dataStale = "datastale"
    static let expiredToken = "expired_token"
    static let invalidToken = "invalid_token"
    static let permissionDenied = "permission_denied"

    /// The status of `error`, and the text that goes with it.
    static func of(_ error: DatabaseError) -> String {
        switch error.kind {
        case .unauthorized:
            switch error.message {
            // A revoked token is refreshed by the SDK (`onAuthRevoked_` forces a refresh);
            // a disabled user's counts toward its invalid-token back-off.
            case DatabaseError.authTokenExpired.message, DatabaseError.authTokenRevoked.message: Self.expiredToken
            case DatabaseError.unparsableAuthToken.message, DatabaseError.authUserDisabled.message: Self.invalidToken
            default: Self.permissionDenied
            }
        case .badRequest:
            error.message == DatabaseError.writeTooLarge.message ? "too_big" : "invalid_data"
        case .notFound:
            "invalid_data"
        case .unavailable:
            "unavailable"
        }
    }
}
