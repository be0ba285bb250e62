/// A refusal in identitytoolkit's words: the HTTP status and the `message` the SDKs switch on
/// (`EMAIL_EXISTS`, `WEAK_PASSWORD : Password should be at least 6 characters`, …).
///
/// Mirrors the Auth emulator (`errors.ts`, `operations.ts` `assert(…, "CODE")`): most refusals
/// are 400 with the code as the message; the SDKs map the part before the first ` : ` to their
/// own error codes (iOS `AuthBackend.swift`, JS `errors.ts`), so the code text must be exact.
/// The transport turns it into `{"error":{"code":…,"message":…,"errors":[…],"status"?}}` in
/// one place (`AuthErrorResponse`).
public struct AuthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status (400, 401, 403, 404, 500, 501, 503).
    public let status: Int
    /// identitytoolkit's message: a code, optionally followed by ` : ` and a detail.
    public let message: String
    /// The gRPC-style status name some errors carry (`INVALID_ARGUMENT`, `UNAUTHENTICATED`,
    /// `NOT_FOUND`, `UNIMPLEMENTED`); nil for plain `BadRequestError`s, as in the emulator.
    public let statusName: String?

    public init(status: Int = 400, _ message: String, statusName: String? = nil) {
        self.status = status
        self.message = message
        self.statusName = statusName
    }

    /// The code part of ``message`` (`WEAK_PASSWORD` for `WEAK_PASSWORD : …`).
    public var code: String {
        let bytes = Array(self.message.utf8)
        guard bytes.count >= 3, let start = (0...(bytes.count - 3)).first(where: { bytes[$0] == 0x20 && bytes[$0 + 1] == 0x3A && bytes[$0 + 2] == 0x20 })
        else { return self.message }
        return String(decoding: bytes[..<start], as: UTF8.self)
    }

    public var description: String { self.message }

    /// A 400 with `message` (the emulator's `BadRequestError`).
    public static func badRequest(_ message: String) -> AuthError { AuthError(message) }

    /// A 400 `INVALID_ARGUMENT` (malformed field, wrong JSON type).
    public static func invalidArgument(_ message: String) -> AuthError {
        AuthError(message, statusName: "INVALID_ARGUMENT")
    }

    /// The write could not be made durable (disk full, I/O error): 503, the caller may retry.
    public static func unavailable(_ message: String) -> AuthError {
        AuthError(status: 503, message, statusName: "UNAVAILABLE")
    }

    /// An operation identitytoolkit defines that Hearth does not serve (501, as the emulator).
    public static func notImplemented(_ operation: String) -> AuthError {
        AuthError(status: 501, "\(operation) is not implemented in the Auth Emulator.", statusName: "UNIMPLEMENTED")
    }

    public static let emailExists = AuthError("EMAIL_EXISTS")
    public static let phoneNumberExists = AuthError("PHONE_NUMBER_EXISTS")
    public static let duplicateLocalID = AuthError("DUPLICATE_LOCAL_ID")
    public static let userNotFound = AuthError("USER_NOT_FOUND")
    public static let userDisabled = AuthError("USER_DISABLED")
    public static let emailNotFound = AuthError("EMAIL_NOT_FOUND")
    public static let invalidPassword = AuthError("INVALID_PASSWORD")
    public static let invalidLoginCredentials = AuthError("INVALID_LOGIN_CREDENTIALS")
    public static let invalidEmail = AuthError("INVALID_EMAIL")
    public static let missingEmail = AuthError("MISSING_EMAIL")
    public static let missingPassword = AuthError("MISSING_PASSWORD")
    public static let missingIDToken = AuthError("MISSING_ID_TOKEN")
    public static let invalidIDToken = AuthError("INVALID_ID_TOKEN")
    public static let tokenExpired = AuthError("TOKEN_EXPIRED")
    public static let missingRefreshToken = AuthError("MISSING_REFRESH_TOKEN")
    public static let invalidRefreshToken = AuthError("INVALID_REFRESH_TOKEN")
    public static let missingLocalID = AuthError("MISSING_LOCAL_ID")
    public static let invalidCustomToken = AuthError("INVALID_CUSTOM_TOKEN")
    public static let missingOOBCode = AuthError("MISSING_OOB_CODE")
    public static let invalidOOBCode = AuthError("INVALID_OOB_CODE")
    public static let invalidPhoneNumber = AuthError("INVALID_PHONE_NUMBER : Invalid format.")
    public static let tenantIDMismatch = AuthError("TENANT_ID_MISMATCH")
    public static let weakPassword = AuthError("WEAK_PASSWORD : Password should be at least 6 characters")
}
