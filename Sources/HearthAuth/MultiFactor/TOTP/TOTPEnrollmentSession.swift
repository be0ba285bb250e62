import HearthJSON

/// The `sessionInfo` of a TOTP enrollment between `mfaEnrollment:start` and `:finalize`:
/// base64 of `{"_HearthTotpEnrollmentSession":"DO NOT MODIFY","localId","sharedSecretKey",
/// "finalizeBy","projectId","tenantId"?}`.
///
/// Stateless and unsigned, like the emulator's pending credentials: nothing is held on the
/// server between the two calls (so a client starting enrollments in a loop costs no memory),
/// and a developer could forge one, which an emulator accepts. Finalizing proves the user's
/// authenticator holds the secret (a code it computed), then the secret becomes the factor.
public struct TOTPEnrollmentSession: Sendable, Equatable {
    public var localID: String
    public var secret: [UInt8]
    /// Epoch milliseconds after which finalizing is refused (`finalizeEnrollmentTime`).
    public var finalizeBy: Int64
    public var scope: AuthScope

    /// How long a started enrollment may wait for its first code: ten minutes, time to scan a
    /// QR code and type a code. *(Hearth's choice; production does not document its window.)*
    public static let lifetimeMilliseconds: Int64 = 10 * 60 * 1000

    public init(localID: String, secret: [UInt8], finalizeBy: Int64, scope: AuthScope) {
        self.localID = localID
        self.secret = secret
        self.finalizeBy = finalizeBy
        self.scope = scope
    }

    /// ``finalizeBy`` in RFC 3339, as `totpSessionInfo.finalizeEnrollmentTime` types it.
    public var finalizeEnrollmentTime: String { AuthTime.rfc3339(self.finalizeBy) }

    public var encoded: String {
        EmulatorRecord.encode(
            marker: Self.marker,
            [
                .init(key: "localId", value: .string(self.localID)), .init(key: "sharedSecretKey", value: .string(Base32.encode(self.secret))),
                .init(key: "finalizeBy", value: .number(JSONNumber(self.finalizeBy))),
            ],
            project: self.scope.project, tenant: self.scope.tenant)
    }

    /// - Throws: `INVALID_SESSION_INFO` for anything that is not a session of `scope`.
    public init(parsing text: String, in scope: AuthScope) throws(AuthError) {
        guard let object = EmulatorRecord.decode(text, marker: Self.marker), let localID = object["localId"]?.stringValue,
            let secret = object["sharedSecretKey"]?.stringValue.flatMap(Base32.decode), !secret.isEmpty,
            let finalizeBy = object["finalizeBy"]?.numberValue?.int64Value,
            object["projectId"]?.stringValue == scope.project, object["tenantId"]?.stringValue == scope.tenant
        else { throw Self.invalid }
        self.init(localID: localID, secret: secret, finalizeBy: finalizeBy, scope: scope)
    }

    static let marker = "_HearthTotpEnrollmentSession"
    public static let invalid = AuthError("INVALID_SESSION_INFO : ((The TOTP enrollment sessionInfo is not one mfaEnrollment:start answered for this project.))")
}
