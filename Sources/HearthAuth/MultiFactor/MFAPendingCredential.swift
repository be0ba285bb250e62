import HearthJSON

/// What a first-factor sign-in of an account with second factors answers instead of tokens
/// (`mfaPending` in the emulator): base64 of `{"_AuthEmulatorMfaPendingCredential":"DO NOT
/// MODIFY","localId","signInProvider","projectId","tenantId"?}`. Stateless and unsigned, like
/// the emulator's: the client sends it back with the second factor.
public struct MFAPendingCredential: Sendable, Equatable {
    public var localID: String
    public var signInProvider: String
    public var scope: AuthScope

    public init(localID: String, signInProvider: String, scope: AuthScope) {
        self.localID = localID
        self.signInProvider = signInProvider
        self.scope = scope
    }

    public var encoded: String {
        EmulatorRecord.encode(
            marker: "_AuthEmulatorMfaPendingCredential",
            [.init(key: "localId", value: .string(self.localID)), .init(key: "signInProvider", value: .string(self.signInProvider))],
            project: self.scope.project, tenant: self.scope.tenant)
    }

    /// - Throws: the emulator's `((Invalid phoneVerificationInfo.mfaPendingCredential.))` for
    ///   anything that is not one, `INVALID_PROJECT_ID` for one of another project or tenant
    ///   than `scope`.
    public init(parsing text: String, in scope: AuthScope) throws(AuthError) {
        guard let object = EmulatorRecord.decode(text, marker: "_AuthEmulatorMfaPendingCredential"),
            let localID = object["localId"]?.stringValue, let provider = object["signInProvider"]?.stringValue
        else { throw AuthError("((Invalid phoneVerificationInfo.mfaPendingCredential.))") }
        guard object["projectId"]?.stringValue == scope.project, object["tenantId"]?.stringValue == scope.tenant else {
            throw AuthError("INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
        }
        self.init(localID: localID, signInProvider: provider, scope: scope)
    }
}
