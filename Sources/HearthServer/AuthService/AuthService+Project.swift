import HearthAuth
import HearthJSON

extension AuthService {
    /// `GET /emulator/v1/projects/{p}/config` (`getEmulatorProjectConfig`).
    func emulatorConfig(_ call: AuthCall) -> JSONObject {
        self.store.config(of: call.scope.project).emulatorRecord
    }

    /// `PATCH /emulator/v1/projects/{p}/config` (`updateEmulatorProjectConfig`): changes the
    /// members the body has, durably.
    func updateEmulatorConfig(_ body: JSONObject, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        var mask: [String] = []
        if body["signIn"]?.objectValue?["allowDuplicateEmails"] != nil { mask.append("signIn.allowDuplicateEmails") }
        if body["emailPrivacyConfig"]?.objectValue?["enableImprovedEmailPrivacy"] != nil {
            mask.append("emailPrivacyConfig.enableImprovedEmailPrivacy")
        }
        guard !mask.isEmpty else { return self.emulatorConfig(call) }
        return try await self.updateConfig(body, mask: mask, call).emulatorRecord
    }

    /// `GET /v2/projects/{p}/config` (`getConfig`).
    func config(_ call: AuthCall) throws(AuthError) -> JSONObject {
        try call.requireAdmin()
        return self.store.config(of: call.scope.project).record
    }

    /// `PATCH /v2/projects/{p}/config` (`updateConfig`), with an optional `updateMask`.
    func updateConfig(_ body: JSONObject, mask: [String]?, _ call: AuthCall) async throws(AuthError) -> AuthConfig {
        let written = try self.store.updateConfig(of: call.scope.project) { (config: inout AuthConfig) throws(AuthError) in
            try config.apply(body, mask: mask)
        }
        try await self.store.waitUntilDurable(written.receipt)
        return written.value
    }

    /// `DELETE /emulator/v1/projects/{p}[/tenants/{t}]/accounts` (`deleteAllAccountsInProject`).
    func removeAllAccounts(_ call: AuthCall) async throws(AuthError) -> JSONObject {
        let written = self.store.removeAll(in: call.scope)
        try await self.store.waitUntilDurable(written.receipt)
        return JSONObject()
    }

    /// `GET /emulator/v1/projects/{p}/oobCodes`.
    func oobCodes(_ call: AuthCall) -> JSONObject {
        AuthReply.object([("oobCodes", .array(self.store.oobCodes(in: call.scope).map { .object($0.record) }))])
    }

    /// `GET /emulator/v1/projects/{p}/verificationCodes`.
    func verificationCodes(_ call: AuthCall) -> JSONObject {
        AuthReply.object([("verificationCodes", .array(self.store.verifications(in: call.scope).map { .object($0.record) }))])
    }

    /// `GET /v1/projects` (`getProjects`): the emulator's fake project number and
    /// `authorizedDomains: ["localhost"]`.
    func projectConfig(_ call: AuthCall) throws(AuthError) -> JSONObject {
        guard call.scope.tenant == nil else { throw AuthError("UNSUPPORTED_TENANT_OPERATION") }
        return AuthReply.object([("projectId", .string("12345")), ("authorizedDomains", .array([.string("localhost")]))])
    }

    /// `GET /v1/recaptchaParams` (`getRecaptchaParams`): obviously fake values; SDKs must not
    /// use reCAPTCHA against an emulator.
    func recaptchaParams() -> JSONObject {
        AuthReply.object([
            ("kind", .string("identitytoolkit#GetRecaptchaParamResponse")),
            ("recaptchaStoken", .string("This-is-a-fake-token__Dont-send-this-to-the-Recaptcha-service__The-Auth-Emulator-does-not-support-Recaptcha")),
            ("recaptchaSiteKey", .string("Fake-key__Do-not-send-this-to-Recaptcha_")),
        ])
    }

    /// `GET /v2/recaptchaConfig` (`getRecaptchaConfig`), which the emulator suite answers 501
    /// and which breaks iOS phone sign-in there (firebase-ios-sdk#14242): reCAPTCHA
    /// Enterprise is off for every provider, so the SDKs skip it.
    func recaptchaConfig() -> JSONObject {
        AuthReply.object([
            ("recaptchaEnforcementState", .array([
                .object(JSONObject([
                    .init(key: "provider", value: .string("EMAIL_PASSWORD_PROVIDER")), .init(key: "enforcementState", value: .string("OFF")),
                ])),
                .object(JSONObject([
                    .init(key: "provider", value: .string("PHONE_PROVIDER")), .init(key: "enforcementState", value: .string("OFF")),
                ])),
            ])),
            ("useSmsBotScore", .bool(false)), ("useSmsTollFraudProtection", .bool(false)),
        ])
    }

    /// `accounts:revokeToken` (Sign in with Apple's token revocation, 501 in the emulator suite,
    /// firebase-ios-sdk#11469): there is no Apple to tell, so it checks the caller's ID token
    /// and answers as Google does, with an empty message.
    func revokeToken(idToken: String?, _ call: AuthCall) throws(AuthError) -> JSONObject {
        _ = try self.user(presenting: idToken, call)
        return JSONObject()
    }
}
