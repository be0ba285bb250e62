/// Why a request's credentials were refused. Each service renders it in its own error format.
public struct IdentityError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The credential is malformed: not `owner` and not a JWT; or the account it names
        /// may no longer act (see ``account``) (401).
        case invalidCredential
        /// The credential is well-formed but not accepted here (403).
        case forbidden
        /// The ID token's `exp` has passed (401; the Realtime Database's `Auth token is expired`).
        case expired
    }

    /// Why the Auth emulator's account store refused a well-formed ID token, as the emulator
    /// refuses it (`operations.ts` `parseIdToken`): each transport may say it its own way
    /// (the RTDB WebSocket's `ac` revocation, firebase-admin's `UserDisabledError` /
    /// `RevokedIdTokenError`).
    public enum AccountRefusal: Sendable, Equatable {
        /// The account is disabled (`USER_DISABLED`).
        case disabled
        /// The token was issued before the account's `validSince` (`TOKEN_EXPIRED`).
        case revoked
    }

    public let kind: Kind
    public let message: String
    /// Set when the account store refused the token's user; nil for any other refusal.
    public let account: AccountRefusal?

    init(kind: Kind, message: String, account: AccountRefusal? = nil) {
        self.kind = kind
        self.message = message
        self.account = account
    }

    public var description: String { self.message }

    /// The token's user is disabled.
    static func disabled(_ uid: String) -> IdentityError {
        IdentityError(
            kind: .invalidCredential, message: "The user '\(uid)' is disabled (USER_DISABLED); enable the account or sign in as another user.",
            account: .disabled)
    }

    /// The token's `exp` has passed.
    static func expired(_ uid: String) -> IdentityError {
        IdentityError(
            kind: .expired,
            message: "The ID token of user '\(uid)' has expired (its exp claim has passed); sign in again, or refresh the token, for a new one.")
    }

    /// The token predates its user's `validSince`.
    static func revoked(_ uid: String) -> IdentityError {
        IdentityError(
            kind: .invalidCredential,
            message: "The ID token of user '\(uid)' was revoked (TOKEN_EXPIRED: issued before the account's validSince); sign in again for a new token.",
            account: .revoked)
    }
}
